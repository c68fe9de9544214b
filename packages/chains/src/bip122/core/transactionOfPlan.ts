// Not on the core's index: @scure/btc-signer stays out of what every core user loads; the web
// face's PSBT and the Dev Wallet's send import this file.
import { Transaction } from '@scure/btc-signer'
import type { BitcoinTransferPlan } from './planBitcoinTransfer.js'

/**
 * The unsigned transaction of a planned transfer: the plan's coins, spent from `script` (each with
 * its witness UTXO, so a signer can check the amount it signs) and opting in to replace-by-fee
 * (BIP-125) as wallets do, then `outputs`, then the plan's change (if any) back to `script`.
 */
export function transactionOfPlan(
  plan: BitcoinTransferPlan,
  script: Uint8Array,
  outputs: { script: Uint8Array; amount: bigint }[],
): Transaction {
  const tx = new Transaction({ version: 2 })
  for (const coin of plan.inputs)
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      sequence: 0xfffffffd,
      witnessUtxo: { script, amount: coin.value },
    })
  for (const output of outputs) tx.addOutput(output)
  if (plan.change > 0n) tx.addOutput({ script, amount: plan.change })
  return tx
}
