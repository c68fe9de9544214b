import type { Asset, Network } from '@paylink/shared'
import { webFamilyOf, type WebNamespace } from '@paylink/chains/web'
import { useMutation } from '@tanstack/react-query'
import { namespaceOf } from '../appkit/networks.js'
import { usePaylinkConfig } from '../appkit/PaylinkProvider.js'
import { requestDevnetFaucet, type DevnetFaucetAnswer } from '../api/devnetFaucet.js'
import { useRefreshBalances } from './useBalances.js'

/** What "Get test funds" asks for: a few coins for fees, more of each token. */
export const testFundsAmount = (asset: Asset) => (asset.native ? '10' : '100')

/** The devnet's networks of a namespace: those the server proxies (`/devnet/...` on the page's origin). */
export function devnetNetworksOf(networks: readonly Network[], namespace: string): Network[] {
  return networks.filter((n) => namespaceOf(n) === namespace && isDevnetRpc(n.rpcUrl))
}

function isDevnetRpc(rpcUrl: string): boolean {
  try {
    const url = new URL(rpcUrl)
    return url.origin === globalThis.location?.origin && url.pathname.startsWith('/devnet/')
  } catch {
    return false
  }
}

/**
 * Demo only: "Get test funds" sends each devnet asset of the namespace (coin and demo token, on
 * every devnet network) to the connected address through the server's faucet, then refreshes
 * the balances. Resolves with what each request answered.
 */
export function useTestFunds(namespace: WebNamespace) {
  const config = usePaylinkConfig()
  const refresh = useRefreshBalances()
  return useMutation({
    mutationFn: async (address: string): Promise<DevnetFaucetAnswer[]> => {
      const networks = new Map(devnetNetworksOf(config.networks, namespace).map((n) => [n.caipNetworkId, n]))
      const assets = config.assets.filter((a) => networks.has(a.caipNetworkId))
      if (assets.length === 0) throw new Error('The devnet has no assets on this chain.')
      return Promise.all(
        assets.map(async (asset) => {
          const answer = await requestDevnetFaucet({ asset: asset.assetId, address, amount: testFundsAmount(asset) })
          // Waited for where a faucet transfer does not count at once (Solana's next slot), so the balances read next show it.
          const { waitForTransfer } = webFamilyOf(namespace)
          if (waitForTransfer && answer.transactionId)
            await waitForTransfer(networks.get(asset.caipNetworkId)!, answer.transactionId)
          return answer
        }),
      )
    },
    onSettled: () => refresh(),
  })
}
