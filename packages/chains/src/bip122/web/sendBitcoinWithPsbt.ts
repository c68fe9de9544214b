import type { BitcoinTransferPlan } from '../core/index.js'
import { broadcastBitcoinTransaction } from './broadcastBitcoinTransaction.js'
import { buildBitcoinTransferPsbt } from './buildBitcoinTransferPsbt.js'
import { finalizeBitcoinTransfer } from './finalizeBitcoinTransfer.js'

/** The part of AppKit 1.7.8's Bitcoin connector (BitcoinConnector.signPSBT) this uses: every connector of the adapter has it. */
export interface BitcoinPsbtSigner {
  signPSBT(params: {
    psbt: string
    signInputs: { address: string; index: number; sighashTypes: number[] }[]
    broadcast?: boolean
  }): Promise<{ psbt: string; txid?: string }>
}

export interface SendBitcoinWithPsbtParameters {
  wallet: BitcoinPsbtSigner
  /** Where the transaction is broadcast: the network's Esplora base URL (origin-relative for the demo's devnet). */
  esploraUrl: string
  from: string
  to: string
  /** Sats. */
  amount: bigint
  /** The plan whose fee the payer was shown (readBitcoinTransferPlan). */
  plan: BitcoinTransferPlan
}

/**
 * Sends BTC the PSBT way: an unsigned PSBT of `plan` (coins, fee and change picked here), signed by
 * the wallet without broadcasting, checked to be unchanged, finalized, and broadcast with Esplora's
 * `POST /tx`. The fee paid is `plan.fee`, the one shown; resolves with the txid.
 */
export async function sendBitcoinWithPsbt(
  { wallet, esploraUrl, from, to, amount, plan }: SendBitcoinWithPsbtParameters,
  fetchFn: typeof fetch = fetch,
): Promise<{ txid: string; fee: bigint }> {
  const unsigned = buildBitcoinTransferPsbt({ from, to, amount, plan })
  const signed = await wallet.signPSBT({ psbt: unsigned.psbt, signInputs: unsigned.signInputs, broadcast: false })
  const transaction = finalizeBitcoinTransfer(unsigned.psbt, signed.psbt)
  if (transaction.fee !== plan.fee)
    throw new Error(
      `The signed transaction pays ${transaction.fee} sats of fee, not the ${plan.fee} shown; nothing was sent.`,
    )
  const txid = await broadcastBitcoinTransaction(esploraUrl, transaction.hex, fetchFn)
  if (txid !== transaction.txid)
    throw new Error(`The Bitcoin API answered txid ${txid} for transaction ${transaction.txid}`)
  return { txid, fee: transaction.fee }
}
