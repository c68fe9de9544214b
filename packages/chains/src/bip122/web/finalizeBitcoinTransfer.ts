import { base64, hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'

export interface FinalizedBitcoinTransfer {
  /** The raw transaction, hex, for Esplora's `POST /tx`. */
  hex: string
  txid: string
  /** Sats: the inputs' witness UTXO amounts less the outputs. */
  fee: bigint
}

/**
 * The wallet's signed PSBT, finalized into the transaction to broadcast, after checking it is
 * still the one the payer saw: the same inputs and outputs as the unsigned PSBT (a wallet signs,
 * it does not get to redirect or re-price the transfer), hence the same fee.
 */
export function finalizeBitcoinTransfer(unsignedPsbt: string, signedPsbt: string): FinalizedBitcoinTransfer {
  const expected = Transaction.fromPSBT(base64.decode(unsignedPsbt))
  const tx = Transaction.fromPSBT(base64.decode(signedPsbt))
  const sameInputs =
    tx.inputsLength === expected.inputsLength &&
    Array.from({ length: tx.inputsLength }, (_, i) => [tx.getInput(i), expected.getInput(i)] as const).every(
      ([a, b]) =>
        a.txid !== undefined &&
        b.txid !== undefined &&
        hex.encode(a.txid) === hex.encode(b.txid) &&
        a.index === b.index &&
        a.witnessUtxo?.amount === b.witnessUtxo?.amount,
    )
  const sameOutputs =
    tx.outputsLength === expected.outputsLength &&
    Array.from({ length: tx.outputsLength }, (_, i) => [tx.getOutput(i), expected.getOutput(i)] as const).every(
      ([a, b]) =>
        a.amount === b.amount &&
        a.script !== undefined &&
        b.script !== undefined &&
        hex.encode(a.script) === hex.encode(b.script),
    )
  if (!sameInputs || !sameOutputs)
    throw new Error('The wallet changed the transaction it was asked to sign; nothing was sent.')
  if (!tx.isFinal) tx.finalize()
  return { hex: tx.hex, txid: tx.id, fee: tx.fee }
}
