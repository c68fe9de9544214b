import type { Network } from '@paylink/shared'

interface Utxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height: number; block_hash: string; block_time: number }
}

/**
 * The Bitcoin adapter reads balances from mempool.space unless given an API; this points it at
 * the Esplora-compatible URL configured for each bip122 network instead.
 */
export function createBitcoinApi(networks: Network[]) {
  return {
    async getUTXOs({ network, address }: { network: { caipNetworkId: string }; address: string }): Promise<Utxo[]> {
      const configured = networks.find((n) => n.caipNetworkId === network.caipNetworkId)
      if (!configured) throw new Error(`No Bitcoin API configured for ${network.caipNetworkId}`)
      const response = await fetch(
        `${configured.rpcUrl.replace(/\/$/, '')}/address/${encodeURIComponent(address)}/utxo`,
      )
      if (!response.ok) throw new Error(`Bitcoin API answered ${response.status}`)
      return (await response.json()) as Utxo[]
    },
  }
}
