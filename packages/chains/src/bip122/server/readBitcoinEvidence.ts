import type {
  BlockRef,
  PaymentExpectation,
  PaymentFinding,
  ReadEvidenceReturnType,
} from '../../serverFace/chainFamily.js'
import type { EsploraClient } from './createEsploraClient.js'
import { matchBitcoinOutputs } from './matchBitcoinOutputs.js'

export interface ReadBitcoinEvidenceParameters {
  esplora: EsploraClient
  expectations: readonly PaymentExpectation[]
  knownBlocks?: ReadonlyMap<bigint, Pick<BlockRef, 'hash' | 'timestamp'> | null> | undefined
}

/**
 * Each expected transaction's state from Esplora: the tip, then `GET /tx/:txid` per distinct
 * transaction (Esplora has no batch: one request each, in parallel) and the canonical hash at
 * each inclusion height the caller did not read this pass. A 404 is a transaction the node
 * does not know: never sent, or replaced (RBF) or double-spent and so gone from its mempool;
 * the tracker's missing-transaction rule decides (dropped after the grace period). A transaction
 * in the mempool is `unmined` and matched against the options like a mined one.
 */
export async function readBitcoinEvidence({
  esplora,
  expectations,
  knownBlocks,
}: ReadBitcoinEvidenceParameters): Promise<ReadEvidenceReturnType> {
  const ids = [...new Set(expectations.map((expectation) => expectation.transactionId.toLowerCase()))]
  const [head, ...read] = await Promise.all([esplora.tipHeight(), ...ids.map((id) => esplora.transaction(id))])
  const transactions = new Map(ids.map((id, i) => [id, read[i] ?? null]))

  const inclusionHeights = new Set<number>()
  for (const transaction of transactions.values()) {
    const height = transaction?.status.confirmed ? transaction.status.block_height : undefined
    if (height !== undefined && !knownBlocks?.get(BigInt(height))) inclusionHeights.add(height)
  }
  const heights = [...inclusionHeights]
  const hashes = await Promise.all(heights.map((height) => esplora.blockHashAt(BigInt(height))))
  const canonical = new Map(heights.map((height, i) => [height, hashes[i] ?? null]))

  const findings = expectations.map(({ transactionId, options }): PaymentFinding => {
    const transaction = transactions.get(transactionId.toLowerCase()) ?? null
    const {
      confirmed,
      block_height: height,
      block_hash: blockHash,
      block_time: blockTime,
    } = transaction?.status ?? { confirmed: false }
    if (!transaction) return { known: false, inclusion: null, block: null, match: null }
    // In the mempool: what it pays is already final (a replacement is another txid), so it is matched now and shown as confirming 0/N.
    if (!confirmed || height === undefined || !blockHash)
      return {
        known: true,
        unmined: true,
        inclusion: null,
        block: null,
        match: options ? matchBitcoinOutputs(transaction, options) : null,
      }
    const inclusion = { blockNumber: BigInt(height), blockHash: blockHash.toLowerCase(), success: true }
    const knownBlock = knownBlocks?.get(inclusion.blockNumber)
    const canonicalHash = knownBlock?.hash ?? canonical.get(height) ?? null
    const block =
      knownBlock ??
      (canonicalHash
        ? { hash: canonicalHash, timestamp: canonicalHash === inclusion.blockHash ? BigInt(blockTime ?? 0) : 0n }
        : null)
    return { known: true, inclusion, block, match: options ? matchBitcoinOutputs(transaction, options) : null }
  })
  return { head, findings }
}
