import { nativeAssetId, type Asset, type Network } from '@paylink/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { namespaceOf } from '../appkit/networks.js'
import { usePaylinkConfig } from '../appkit/PaylinkProvider.js'
import { readBalance, type AssetBalance } from './readBalance.js'

/** The network's configured assets, native coin first (made from nativeCurrency if unlisted). */
export function assetsOf(assets: Asset[], network: Network): Asset[] {
  const own = assets.filter((a) => a.caipNetworkId === network.caipNetworkId)
  const native: Asset = own.find((a) => a.native) ?? {
    assetId: nativeAssetId(network.caipNetworkId),
    caipNetworkId: network.caipNetworkId,
    native: true,
    ...network.nativeCurrency,
  }
  return [native, ...own.filter((a) => !a.native)]
}

export interface NetworkBalances {
  network: Network
  balances: AssetBalance[]
}

/** Balances of an address on every configured network of its namespace, native coin first. */
export function useBalances(namespace: string, address: string | undefined) {
  const config = usePaylinkConfig()
  const networks = config.networks.filter((n) => namespaceOf(n) === namespace)
  return useQuery({
    queryKey: ['balances', namespace, address],
    enabled: Boolean(address),
    refetchInterval: 15_000,
    queryFn: async (): Promise<NetworkBalances[]> =>
      Promise.all(
        networks.map(async (network) => {
          const assets = assetsOf(config.assets, network)
          return { network, balances: await Promise.all(assets.map((a) => readBalance(network, a, address!))) }
        }),
      ),
  })
}

/** The toolkit does not refetch balances after a transaction; callers do it with this. */
export function useRefreshBalances() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: ['balances'] }), [client])
}
