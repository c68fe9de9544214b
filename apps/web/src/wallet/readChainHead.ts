import type { Network } from '@paylink/shared'
import { webFamilyOf } from '@paylink/chains/web'

/**
 * The cheapest sign that a network moved: the block number (EVM), the confirmed slot (Solana),
 * the tip height (Bitcoin, Esplora's `/blocks/tip/height`). One small request.
 */
export function readChainHead(network: Network): Promise<bigint> {
  return webFamilyOf(network.caipNetworkId).readHead(network)
}
