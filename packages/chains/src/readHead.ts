import type { Network } from '@paylink/shared'
import { ChainReadError } from '../errors.js'
import { withTimeout } from '../lib/withTimeout.js'
import type { ReadChainOptions } from './chainFamily.js'
import { chainFamilyOf } from './index.js'

/** The options every chain read takes (the name health imports). */
export type ReadHeadOptions = ReadChainOptions

/**
 * The network's latest block height (slot on Solana), whatever its namespace.
 * Never takes longer than `timeoutMs`; throws ChainReadError on any failure.
 */
export async function readHead(
  network: Pick<Network, 'caipNetworkId' | 'rpcUrl'>,
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
