import { bitcoinDustLimit } from './bitcoinDustLimit.js'
import { bitcoinTransferVsize } from './bitcoinTransferVsize.js'
import { InsufficientBitcoinError } from './InsufficientBitcoinError.js'

/**
 * How a Bitcoin transfer from a P2WPKH account is funded and what it costs, the same for the page
 * that shows the fee first and the Dev Wallet that builds the transaction (so the fee shown is
 * the fee paid). Integer satoshis as bigint; no keys and no I/O.
 */

/** One spendable output of the account (Esplora's `/address/:a/utxo`, value in sats). */
export interface BitcoinCoin {
  txid: string
  vout: number
  value: bigint
}

export interface BitcoinTransferPlan {
  inputs: BitcoinCoin[]
  fee: bigint
  /** 0n when no change output is made (the remainder, below dust, goes to the fee). */
  change: bigint
  vsize: number
}

/**
 * Picks coins largest first (ties by txid and output, so the page and the wallet pick alike)
 * until they pay `amount` and the fee at `feeRate` for the size that many inputs make.
 */
export function planBitcoinTransfer({
  coins,
  amount,
  recipients = 1,
  feeRate,
}: {
  coins: readonly BitcoinCoin[]
  amount: bigint
  recipients?: number
  feeRate: bigint
}): BitcoinTransferPlan {
  if (amount <= 0n) throw new RangeError('amount must be above zero')
  const sorted = [...coins].sort((a, b) =>
    a.value === b.value ? (a.txid === b.txid ? a.vout - b.vout : a.txid < b.txid ? -1 : 1) : a.value > b.value ? -1 : 1,
  )
  const inputs: BitcoinCoin[] = []
  let total = 0n
  for (const coin of sorted) {
    inputs.push(coin)
    total += coin.value
    const withChange = feeRate * BigInt(bitcoinTransferVsize({ inputs: inputs.length, recipients, change: true }))
    if (total >= amount + withChange && total - amount - withChange >= bitcoinDustLimit) {
      return {
        inputs,
        fee: withChange,
        change: total - amount - withChange,
        vsize: bitcoinTransferVsize({ inputs: inputs.length, recipients, change: true }),
      }
    }
    const vsize = bitcoinTransferVsize({ inputs: inputs.length, recipients, change: false })
    if (total >= amount + feeRate * BigInt(vsize)) return { inputs, fee: total - amount, change: 0n, vsize }
  }
  const all = coins.reduce((sum, coin) => sum + coin.value, 0n)
  throw new InsufficientBitcoinError(
    all,
    amount + feeRate * BigInt(bitcoinTransferVsize({ inputs: Math.max(1, coins.length), recipients, change: false })),
  )
}
