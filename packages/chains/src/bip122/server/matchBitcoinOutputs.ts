import type { ExpectedOption, MatchTransfersReturnType, TransferCredit } from '../../serverFace/chainFamily.js'
import type { EsploraTransaction } from './createEsploraClient.js'

/**
 * Which options a Bitcoin transaction pays: per option, the sum of its outputs to the option's
 * address (its derived deposit address, else the plain address it was given), credited under
 * the first such output's index; the payer is the first input's previous output address.
 * Several outputs to one address add up; a transaction paying none is `wrong_recipient`.
 */
export function matchBitcoinOutputs(
  transaction: EsploraTransaction,
  options: readonly ExpectedOption[],
): MatchTransfersReturnType {
  const payer = transaction.vin[0]?.prevout?.scriptpubkey_address ?? ''
  const credits: TransferCredit[] = []
  for (const option of options) {
    if (option.tokenAddress !== null) continue
    const address = option.depositAddress ?? option.recipient
    let first = -1
    let amount = 0n
    transaction.vout.forEach((output, index) => {
      if (output.scriptpubkey_address !== address || !Number.isSafeInteger(output.value)) return
      if (first < 0) first = index
      amount += BigInt(output.value)
    })
    if (first >= 0) credits.push({ optionId: option.id, logIndex: first, amount, payer })
  }
  return credits.length > 0 ? { ok: true, credits } : { ok: false, reason: 'wrong_recipient' }
}
