import type { Network } from '@paylink/shared'
import { useAppKitProvider } from '@reown/appkit/react'
import { useMutation } from '@tanstack/react-query'
import { usePaylinkKit } from '../appkit/PaylinkProvider.js'
import { namespaceOf } from '../appkit/networks.js'
import { switchEvmChain, type Eip1193Provider } from './switchEvmChain.js'

/**
 * Switches the toolkit (and, on EVM, the wallet) to a configured network. On EVM the wallet is
 * asked first so that a refusal or "Chain is not supported" comes back as an error.
 */
export function useSwitchNetwork() {
  const { appKit, networks } = usePaylinkKit()
  const { walletProvider } = useAppKitProvider<Eip1193Provider>('eip155')
  return useMutation({
    mutationFn: async (network: Network) => {
      const target = networks.find((n) => n.caipNetworkId === network.caipNetworkId)
      if (!target) throw new Error(`${network.name} is not one of Paylink's networks.`)
      if (namespaceOf(network) === 'eip155' && walletProvider) await switchEvmChain(walletProvider, network)
      await appKit.switchNetwork(target)
    },
  })
}
