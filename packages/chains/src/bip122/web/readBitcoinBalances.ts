import type { ChainAsset, ChainNetwork } from '../../chainShapes.js'

const esplora = (network: ChainNetwork, path: string) =>
  fetch(`${network.rpcUrl.replace(/\/$/, '')}${path}`, { signal: AbortSignal.timeout(5000) }).then((response) => {
    if (!response.ok) throw new Error(`Bitcoin API answered ${response.status}`)
    return response
  })

/** The coin's balance: the sum of the address's UTXOs (Esplora's `/address/:a/utxo`); Bitcoin has no tokens here. */
export async function readBitcoinBalances(
  network: ChainNetwork,
  assets: readonly ChainAsset[],
  address: string,
): Promise<Array<bigint | Error>> {
  const utxos = (await (await esplora(network, `/address/${encodeURIComponent(address)}/utxo`)).json()) as {
    value: number | string
  }[]
  const total = utxos.reduce((sum, u) => sum + BigInt(u.value), 0n)
  return assets.map((asset) => (asset.native ? total : new Error('only the coin is read on Bitcoin')))
}

/** The tip height (Esplora's `/blocks/tip/height`): the cheapest sign the network moved. */
export async function readBitcoinHead(network: ChainNetwork): Promise<bigint> {
  return BigInt((await (await esplora(network, '/blocks/tip/height')).text()).trim())
}
