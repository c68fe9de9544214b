import type { BitcoinTransferPlan } from '../core/index.js'
import { base64 } from '@scure/base'
import { Address, OutScript } from '@scure/btc-signer'
import { transactionOfPlan } from '../core/transactionOfPlan.js'
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
  const toScript = OutScript.encode(Address(bitcoinNetworkOf(to)).decode(to))
  const tx = transactionOfPlan(plan, OutScript.encode(decoded), [{ script: toScript, amount }])
  return {
    psbt: base64.encode(tx.toPSBT()),
    signInputs: plan.inputs.map((_, index) => ({ address: from, index, sighashTypes: [1] })),
  }
}
