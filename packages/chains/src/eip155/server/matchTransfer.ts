import type { ExpectedOption, MatchTransfersReturnType, TransferCredit } from '../../serverFace/chainFamily.js'
import type { EvmReceipt, EvmTransaction } from './readEvmPaymentEvidence.js'

/** keccak256("Transfer(address,address,uint256)") */
export const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** An option as matched here: addresses (recipient, token, deposit address) lowercase (EVM addresses compare case-insensitively). */
export type MatchableOption = ExpectedOption

/**
 * Which of a link's options (on the transaction's network) a mined transaction pays, from the
 * chain's data alone. Native: `to` is the recipient (or the option's deposit address) and
 * `value` the amount. ERC-20: a Transfer log emitted by the option's token contract to the
 * recipient (or the deposit address). Credits come in option order.
 */
export function matchTransfer(
  transaction: EvmTransaction,
  receipt: EvmReceipt,
  options: ReadonlyArray<MatchableOption>,
): MatchTransfersReturnType {
  if (!receipt.success) return { ok: false, reason: 'tx_reverted' }
  const transfers = receipt.logs.flatMap((log) =>
    log.topics.length === 3 && log.topics[0] === transferTopic && log.data.length === 66
      ? [
          {
            token: log.address,
            from: topicAddress(log.topics[1]!),
            to: topicAddress(log.topics[2]!),
            amount: BigInt(log.data),
            logIndex: log.logIndex,
          },
        ]
      : [],
  )

  const credits: TransferCredit[] = []
  for (const option of options) {
    const paysOption = (to: string | null) =>
      to !== null && (to === option.recipient || (!!option.depositAddress && to === option.depositAddress))
    if (option.tokenAddress === null) {
      if (paysOption(transaction.to) && transaction.value > 0n) {
        credits.push({ optionId: option.id, logIndex: -1, amount: transaction.value, payer: transaction.from })
      }
      continue
    }
    for (const transfer of transfers) {
      if (transfer.token === option.tokenAddress && paysOption(transfer.to) && transfer.amount > 0n) {
        credits.push({
          optionId: option.id,
          logIndex: transfer.logIndex,
          amount: transfer.amount,
          payer: transfer.from,
        })
      }
    }
  }
  if (credits.length) return { ok: true, credits }

  const recipients = new Set(
    options.flatMap((option) =>
      option.depositAddress ? [option.recipient, option.depositAddress] : [option.recipient],
    ),
  )
  const paidARecipient =
    (transaction.value > 0n && transaction.to !== null && recipients.has(transaction.to)) ||
    transfers.some((transfer) => recipients.has(transfer.to))
  if (paidARecipient) return { ok: false, reason: 'wrong_token' }
  if (transaction.value > 0n || transfers.length) return { ok: false, reason: 'wrong_recipient' }
  return { ok: false, reason: 'no_transfer' }
}

function topicAddress(topic: string): string {
  return `0x${topic.slice(-40)}`.toLowerCase()
}
