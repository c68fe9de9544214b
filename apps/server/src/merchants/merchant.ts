import { chainCoreOf } from '@paylink/chains/core'

/** Who owns links and API keys: one account, chain-independent (`eip155:0xAbC…`). */
export interface Merchant {
  id: string
  namespace: string
  address: string
}

/** The merchant an account is: EVM addresses checksummed, so every chain id of one account is one merchant. */
export function merchantOf(account: { namespace: string; address: string }): Merchant {
  const address = chainCoreOf(account.namespace)?.canonicalAddress(account.address) ?? account.address
  return { id: `${account.namespace}:${address}`, namespace: account.namespace, address }
}
