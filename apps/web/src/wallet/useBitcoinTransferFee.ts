import type { Network } from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import { estimateBitcoinFee } from './estimateBitcoinFee.js'

export interface BitcoinTransferRequest {
  network: Network
  from: string
  to: string
  /** Satoshis. */
  amount: bigint
}

/** Esplora's fee estimates are sat/vB by confirmation target; the next two blocks is what a checkout wants. */
const TARGETS = ['2', '1', '3', '6']
const MIN_RELAY_RATE = 1

async function esplora<T>(network: Network, path: string): Promise<T> {
  const response = await fetch(`${network.rpcUrl.replace(/\/$/, '')}${path}`, { signal: AbortSignal.timeout(5000) })
  if (!response.ok) throw new Error(`Bitcoin API answered ${response.status}`)
  return (await response.json()) as T
}

/**
 * The likely fee of a Bitcoin payment before the wallet is asked: the payer's coins and the
 * network's fee rate, read from the network's Esplora API (the configured one, the devnet's in
 * the demo), priced by estimateBitcoinFee. The wallet picks its own coins and rate: an estimate.
 */
export function useBitcoinTransferFee(request: BitcoinTransferRequest | null) {
  return useQuery({
    queryKey: ['bitcoin-fee', request?.network.caipNetworkId, request?.from, request?.to, request?.amount.toString()],
    enabled: request !== null,
    staleTime: 15_000,
    queryFn: async () => {
      const { network, from, to, amount } = request!
      const [utxos, rates] = await Promise.all([
        esplora<Array<{ value: number | string }>>(network, `/address/${encodeURIComponent(from)}/utxo`),
        esplora<Record<string, number>>(network, '/fee-estimates'),
      ])
      const target = TARGETS.find((t) => typeof rates[t] === 'number')
      const feeRate = Math.max(MIN_RELAY_RATE, target ? rates[target]! : MIN_RELAY_RATE)
      return { ...estimateBitcoinFee({ utxos: utxos.map((u) => BigInt(u.value)), amount, feeRate, from, to }), feeRate }
    },
  })
}
