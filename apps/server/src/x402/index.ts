import { chainCores } from '@paylink/chains/core'
import type { Network } from '@paylink/shared'
import type { DevnetUpstreams } from '../devnet/devnetNetworks.js'
import { serverRpcUrl } from '../paymentLinksServices.js'
import { createEvmFacilitator, type EvmFacilitator } from './createEvmFacilitator.js'
import { createSolanaFacilitator, type SolanaFacilitator } from './createSolanaFacilitator.js'

export { x402Routes } from './x402Routes.js'
export { defaultLowGas, x402GasOf, type LowGas } from './x402Gas.js'

/** The facilitator on every configured EVM network, read through the server's own endpoint. */
export function x402EvmFacilitator(
  config: { networks: readonly Network[]; devnetUpstreams?: DevnetUpstreams },
  { evmPrivateKey }: { evmPrivateKey: `0x${string}` },
): EvmFacilitator {
  const evm = config.networks.flatMap((network) =>
    evmNetworkIds([network]).length > 0
      ? [
          {
            caipNetworkId: network.caipNetworkId as `eip155:${string}`,
            rpcUrl: serverRpcUrl(network, config.devnetUpstreams),
          },
        ]
      : [],
  )
  return createEvmFacilitator(evmPrivateKey, evm)
}

/**
 * @x402/svm's exact scheme on every configured Solana network (registered beside the EVM networks'
 * on one facilitator, so that one /supported lists both); the fee payer reads each cluster through
 * the server's own endpoint.
 */
export function x402SolanaFacilitator(
  config: { networks: readonly Network[]; devnetUpstreams?: DevnetUpstreams },
  solanaSecretKey: Uint8Array,
): Promise<SolanaFacilitator> {
  const solana = config.networks.flatMap((network) =>
    network.caipNetworkId.startsWith(`${chainCores.solana.namespace}:`)
      ? [
          {
            caipNetworkId: network.caipNetworkId as `solana:${string}`,
            rpcUrl: serverRpcUrl(network, config.devnetUpstreams),
          },
        ]
      : [],
  )
  return createSolanaFacilitator(solanaSecretKey, solana)
}

/** The EVM networks among these (the exact scheme's EIP-3009 family). */
export function evmNetworkIds(items: ReadonlyArray<{ caipNetworkId: string }>): string[] {
  return items.map((item) => item.caipNetworkId).filter((id) => id.startsWith(`${chainCores.eip155.namespace}:`))
}
