import { parseCaipNetworkId } from './parseCaipNetworkId.js'
import type { ChainNetwork } from './chainShapes.js'
import { bip122Family } from './bip122/server/index.js'
import { eip155Family } from './eip155/server/index.js'
import type { ChainFamily, ReadChainOptions } from './serverFace/chainFamily.js'
import { ChainReadError } from './serverFace/errors.js'
import { withTimeout } from './serverFace/withTimeout.js'
import { solanaFamily } from './solana/server/index.js'

// The registry of the families' server faces: with the other registries, the only file that lists
// every chain family (see ../README.md).

export type * from './serverFace/chainFamily.js'
export type * from './serverFace/collector.js'
export * from './serverFace/errors.js'
export { ChainMismatchError } from './serverFace/chainMismatchError.js'
export * from './serverFace/devnetFaucet.js'
export { TimeoutError, withTimeout } from './serverFace/withTimeout.js'
export { normalizeTransactionId } from './core.js'

/** Every chain family, by CAIP-2 namespace: adding a chain is adding a folder and a line here. */
export const chainFamilies: ReadonlyMap<string, ChainFamily> = new Map(
  [eip155Family, solanaFamily, bip122Family].map((family) => [family.namespace, family]),
)

/** The family of a CAIP-2 network id, or undefined for a namespace no family reads. */
export function chainFamilyOf(caipNetworkId: string): ChainFamily | undefined {
  return chainFamilies.get(parseCaipNetworkId(caipNetworkId).namespace)
}

/** The options every chain read takes (the name health imports). */
export type ReadHeadOptions = ReadChainOptions

/**
 * The network's latest block height (slot on Solana), whatever its namespace.
 * Never takes longer than `timeoutMs`; throws ChainReadError on any failure.
 */
export async function readHead(
  network: Pick<ChainNetwork, 'caipNetworkId' | 'rpcUrl'>,
  options: ReadChainOptions,
): Promise<bigint> {
  const family = chainFamilyOf(network.caipNetworkId)
  if (!family)
    throw new ChainReadError(
      `No chain reader for namespace "${network.caipNetworkId.split(':')[0]}" (${network.caipNetworkId})`,
    )
  // A family's own timeout covers the request; this one also covers anything around it.
  return withTimeout(
    family.readHead(network, options),
    options.timeoutMs + 50,
    () => new ChainReadError(`${network.caipNetworkId} did not answer within ${options.timeoutMs} ms`),
  )
}
