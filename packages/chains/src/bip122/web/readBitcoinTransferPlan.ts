import { bitcoinFeeRate, planBitcoinTransfer, type BitcoinCoin, type BitcoinTransferPlan } from '../core/index.js'

export interface BitcoinTransferPlanRequest {
  /** The network's Esplora base URL (the configured `rpcUrl` of a bip122 network). */
  esploraUrl: string
  /** The paying (payment) address. */
  from: string
  /** Sats. */
  amount: bigint
}

/**
 * The coins and fee of a BTC transfer before the wallet is asked: Esplora's next-block fee rate
 * (`/fee-estimates`, rounded up) times the size bound of the transaction the sender's coins
 * (`/address/:a/utxo`) make, as the core face's planBitcoinTransfer picks them. The Wallet page
 * builds its PSBT from this very plan, so the fee shown is the fee paid. Throws
 * InsufficientBitcoinError when the coins cannot pay.
 */
export async function readBitcoinTransferPlan(
  { esploraUrl, from, amount }: BitcoinTransferPlanRequest,
  fetchFn: typeof fetch = fetch,
): Promise<BitcoinTransferPlan> {
  const base = esploraUrl.replace(/\/+$/, '')
  const read = async (path: string) => {
    const response = await fetchFn(`${base}${path}`, { signal: AbortSignal.timeout(5000) })
    if (!response.ok) throw new Error(`Bitcoin API answered ${response.status}`)
    return response.json() as Promise<unknown>
  }
  const [utxos, estimates] = await Promise.all([
    read(`/address/${encodeURIComponent(from)}/utxo`),
    read('/fee-estimates'),
  ])
  const coins: BitcoinCoin[] = (utxos as Array<{ txid: string; vout: number; value: number | string }>).map((u) => ({
    txid: u.txid,
    vout: u.vout,
    value: BigInt(u.value),
  }))
  return planBitcoinTransfer({ coins, amount, feeRate: bitcoinFeeRate(estimates as Record<string, number>) })
}
