import { chainCores } from '@paylink/chains/core'
import type { Network } from '@paylink/shared'
import type { DevnetUpstreams } from '../devnet/devnetNetworks.js'
import { serverRpcUrl } from '../paymentLinksServices.js'
import { createEvmFacilitator, type EvmFacilitator } from './createEvmFacilitator.js'

export { x402Routes } from './x402Routes.js'

/** The facilitator on every configured EVM network, read through the server's own endpoint. */
export function x402EvmFacilitator(
  config: { networks: readonly Network[]; devnetUpstreams?: DevnetUpstreams },
  { evmPrivateKey }: { evmPrivateKey: `0x${string}` },
): EvmFacilitator {
  const evm = config.networks.flatMap((network) =>
    network.caipNetworkId.startsWith(`${chainCores.eip155.namespace}:`)
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
