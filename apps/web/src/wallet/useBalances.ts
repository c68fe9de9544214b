import { nativeAssetId, type Asset, type Network } from '@paylink/shared'
import { webFamilyOf, type WebNamespace } from '@paylink/chains/web'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { namespaceOf } from '../appkit/networks.js'
import { usePaylinkContext } from '../appkit/PaylinkProvider.js'
import { documentVisibility } from './documentVisibility.js'
import { followChain } from './followChain.js'
import { readChainHead } from './readChainHead.js'
import { readNetworkBalances, type AssetBalance } from './readNetworkBalances.js'

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
  /** The head (block, slot, tip) the balances were read after; null: read again at the next poll. */
  head: bigint | null
}

const balancesKey = (namespace: string, address: string | undefined) => ['balances', namespace, address] as const

async function readFollowed(
  network: Network,
  assets: Asset[],
  address: string,
  head?: bigint,
): Promise<NetworkBalances> {
  const seen = head ?? (await readChainHead(network).catch(() => null))
  const balances = await readNetworkBalances(network, assets, address)
  // A row that could not be read is read again at the next poll, block or not.
  return { network, balances, head: balances.some((b) => b.error) ? null : seen }
}

/**
 * Balances of an address on every configured network of its namespace, native coin first,
 * following each chain: a new block (slot, tip) re-reads that network's balances in one request,
 * so a transfer from anywhere shows within about a block. Each read also goes to AppKit's own
 * header and Account view.
 */
export function useBalances(namespace: WebNamespace, address: string | undefined) {
  const { config, kit } = usePaylinkContext()
  const client = useQueryClient()
  const networks = config.networks.filter((n) => namespaceOf(n) === namespace)
  const key = balancesKey(namespace, address)
  const query = useQuery({
    queryKey: key,
    enabled: Boolean(address),
    queryFn: async (): Promise<NetworkBalances[]> =>
      Promise.all(networks.map((network) => readFollowed(network, assetsOf(config.assets, network), address!))),
  })

  useEffect(() => {
    if (!address) return
    const key = balancesKey(namespace, address)
    const visibility = documentVisibility()
    const followers = config.networks
      .filter((n) => namespaceOf(n) === namespace)
      .map((network) => {
        const entry = () =>
          client.getQueryData<NetworkBalances[]>(key)?.find((n) => n.network.caipNetworkId === network.caipNetworkId)
        return followChain({
          readHead: () => readChainHead(network),
          knownHead: () => entry()?.head ?? undefined,
          readBalances: async (head) => {
            if (!entry()) return // the first read is still under way
            const next = await readFollowed(network, assetsOf(config.assets, network), address, head)
            client.setQueryData<NetworkBalances[]>(key, (old) =>
              old?.map((n) => (n.network.caipNetworkId === network.caipNetworkId ? next : n)),
            )
          },
          intervalMs: webFamilyOf(namespace).pollIntervalOf(network),
          visibility,
        })
      })
    return () => followers.forEach((f) => f.stop())
  }, [client, config, namespace, address])

  const data = query.data
  useEffect(() => {
    if (!kit || !address || !data) return
    for (const { network, balances } of data) {
      const native = balances.find((b) => b.asset.native)
      if (native?.amount == null) continue
      kit.showNativeBalance({
        namespace,
        caipNetworkId: network.caipNetworkId,
        address,
        balance: native.amount,
        symbol: native.asset.symbol,
      })
    }
  }, [kit, namespace, address, data])

  return query
}

/** The toolkit does not refetch balances after a transaction; callers do it with this. */
export function useRefreshBalances() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: ['balances'] }), [client])
}
