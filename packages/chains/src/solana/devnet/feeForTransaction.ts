import type { WireTransaction } from './wireTransaction.js'

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
export const LAMPORTS_PER_SIGNATURE = 5000
/** The runtime's default compute-unit limit per instruction that is not a compute-budget one. */
const DEFAULT_CU_PER_INSTRUCTION = 200_000
const MAX_CU_LIMIT = 1_400_000

/** The fee the runtime charges: 5000 lamports per signature plus the prioritization fee. */
export function feeForTransaction(tx: Pick<WireTransaction, 'accountKeys' | 'instructions' | 'header'>): bigint {
  let unitPrice = 0n
  let unitLimit: number | undefined
  let others = 0
  for (const ix of tx.instructions) {
    const data = ix.data
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (tx.accountKeys[ix.programIdIndex] === COMPUTE_BUDGET_PROGRAM && data.length > 0) {
      if (data[0] === 2 && data.length >= 5) unitLimit = view.getUint32(1, true)
      else if (data[0] === 3 && data.length >= 9) unitPrice = view.getBigUint64(1, true)
    } else others++
  }
  const limit = BigInt(Math.min(unitLimit ?? others * DEFAULT_CU_PER_INSTRUCTION, MAX_CU_LIMIT))
  const priority = (unitPrice * limit + 999_999n) / 1_000_000n
  return BigInt(tx.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE) + priority
}
