import type { ExpectedOption, PaymentFinding } from '../../serverFace/chainFamily.js'
import { matchTransfer } from './matchTransfer.js'
import type { EvmPaymentEvidence } from './readEvmPaymentEvidence.js'

/**
 * An EVM transaction's receipt, block and body turned into the tracker's plain finding: known
 * (the node has the transaction), included (receipt: block and success), the canonical block
 * at that height, and, for a transaction not matched yet, which options it pays.
 */
export function classifyEvmEvidence(
  evidence: EvmPaymentEvidence,
  options: readonly ExpectedOption[] | null,
): PaymentFinding {
  const { transaction, receipt, block } = evidence
  return {
    known: transaction !== null,
    inclusion: receipt
      ? { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, success: receipt.success }
      : null,
    block,
    match:
      options && transaction && receipt
        ? matchTransfer(
            transaction,
            receipt,
            options.map((option) => ({
              id: option.id,
              tokenAddress: option.tokenAddress?.toLowerCase() ?? null,
              recipient: option.recipient.toLowerCase(),
              depositAddress: option.depositAddress?.toLowerCase() ?? null,
            })),
          )
        : null,
  }
}
