import { caipNetworkIdSchema } from './caip.js'
import type { ChainSignIn } from './chainCore.js'

/**
 * The `Chain ID:` line of a family whose sign-in text carries the full CAIP-2 id
 * (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`): a bare genesis-hash reference names no chain
 * family to a person reading it.
 */
export function fullCaipChainLine(
  namespace: string,
  accountName: string,
): Pick<ChainSignIn, 'chainLine' | 'readChainLine' | 'chainLineRule'> {
  return {
    chainLine: (caipNetworkId) => caipNetworkId,
    readChainLine: (line) =>
      caipNetworkIdSchema.safeParse(line).success && line.startsWith(`${namespace}:`) ? line : null,
    chainLineRule: `must be a ${namespace}: CAIP-2 id for a ${accountName} account`,
  }
}
