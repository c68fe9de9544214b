import type { BitcoinTransferPlan } from '../core/index.js'
import { base64 } from '@scure/base'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { bitcoinNetworkOf } from './bitcoinNetworkOf.js'

export interface BuildBitcoinTransferPsbtParameters {
  /** The paying address (the wallet's payment account, P2WPKH or P2TR): its coins are the plan's inputs, the change returns to it. */
  from: string
  to: string
  /** Sats to `to`. */
  amount: bigint
  plan: BitcoinTransferPlan
}

export interface BitcoinTransferPsbt {
  /** The unsigned PSBT, base64 (BIP-174), as wallets take it. */
  psbt: string
  /** The inputs the wallet signs: every one, with the `from` key (SIGHASH_ALL). */
  signInputs: { address: string; index: number; sighashTypes: number[] }[]
}

/**
 * The unsigned PSBT of a transfer as planned: the plan's coins (each with its witness UTXO, so
 * the wallet can check the amount it signs), opting in to replace-by-fee (BIP-125) as wallets do,
 * `amount` to `to`, then the plan's change (if any) back to `from`. Its fee is exactly `plan.fee`.
 */
export function buildBitcoinTransferPsbt({
  from,
  to,
  amount,
  plan,
}: BuildBitcoinTransferPsbtParameters): BitcoinTransferPsbt {
  const total = plan.inputs.reduce((sum, coin) => sum + coin.value, 0n)
  if (total - amount - plan.change !== plan.fee)
    throw new Error(
      `The transfer plan is not for ${amount} sats (its coins, change and fee do not add up); plan it again.`,
    )
  const network = bitcoinNetworkOf(from)
  const decoded = Address(network).decode(from)
  if (decoded.type !== 'wpkh' && decoded.type !== 'tr')
    throw new Error(`${from}: only native segwit (P2WPKH) and taproot (P2TR) accounts are supported`)
  const script = OutScript.encode(decoded)
  const tx = new Transaction({ version: 2 })
  for (const coin of plan.inputs)
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      sequence: 0xfffffffd,
      witnessUtxo: { script, amount: coin.value },
    })
  tx.addOutputAddress(to, amount, bitcoinNetworkOf(to))
  if (plan.change > 0n) tx.addOutput({ script, amount: plan.change })
  return {
    psbt: base64.encode(tx.toPSBT()),
    signInputs: plan.inputs.map((_, index) => ({ address: from, index, sighashTypes: [1] })),
  }
}
