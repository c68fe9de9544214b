// Who holds a payer's allowance for automatic renewal, per family that has it: with the other
// registries, a file that lists chain families (see ../README.md). Apart from facts.ts because only
// the subscription pages (lazy chunks) read it: the checkout's first paint does not carry it.
import { chainNamespaceOf, type ChainNamespace } from './facts.js'

/**
 * `contract`: Paylink's collector contract is the spender (the terms' `contract`; it enforces the
 * amount per interval). `delegate`: the collector key itself is an SPL delegate (the terms'
 * `collector`; the token program enforces only the total).
 */
export type AllowanceHolder = 'contract' | 'delegate'

const holders: { readonly [N in ChainNamespace]?: AllowanceHolder } = { eip155: 'contract', solana: 'delegate' }

/** The allowance holder of a CAIP id's family; `contract` for a family without one (the server offers none there). */
export function allowanceHolderOf(caipId: string): AllowanceHolder {
  const namespace = chainNamespaceOf(caipId)
  return (namespace && holders[namespace]) ?? 'contract'
}
