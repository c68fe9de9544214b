import type { Network } from '@paylink/shared'
import { webFamilyOf } from '@paylink/chains/web'
import { useMutation } from '@tanstack/react-query'
import { usePaylinkKit } from '../appkit/PaylinkProvider.js'
import { useEachFamily } from './useEachFamily.js'

/**
 * Switches the toolkit (and, where the family asks the wallet itself, the wallet) to a configured
 * network. The wallet is asked first so that a refusal or "Chain is not supported" comes back as an error.
 */
export function useSwitchNetwork() {
  const { appKit, networks } = usePaylinkKit()
  const walletSwitches = useEachFamily((family) => family.useSwitchWallet())
  return useMutation({
    mutationFn: async (network: Network) => {
      const target = networks.find((n) => n.caipNetworkId === network.caipNetworkId)
      if (!target) throw new Error(`${network.name} is not one of Paylink's networks.`)
      await walletSwitches[webFamilyOf(network.caipNetworkId).namespace]?.(network)
      await appKit.switchNetwork(target)
    },
  })
}
