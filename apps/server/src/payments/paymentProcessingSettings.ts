/** How the tracker paces and bounds its work; every field has a default. */
export interface PaymentProcessingSettings {
  /** A claim is held this long; a crashed tracker's claims free up after it. Default 30 s. */
  leaseMs: number
  /** How long an unknown transaction may stay pending before it fails. */
  missingGraceMs: number
  /** Blocks past the required confirmations during which confirmed payments are re-checked. */
  watchBlocks: number
  /** Payments per claim (one JSON-RPC batch). */
  batchSize: number
  /**
   * A pending payment's own transaction is read again this often (default 5 min), besides the
   * block scan that finds it the moment it is mined: it notices a transaction leaving the
   * mempool (the unknown-tx timer) and heals what a scan could miss (a reorg deeper than the
   * tracker remembers, another process dying mid-claim).
   */
  recheckMs: number
  /** At most this many new blocks are scanned per pass when catching up (one batch). */
  maxBlocksPerPass: number
  /**
   * Reorgs up to this many blocks deep are followed (payments in replaced blocks are read
   * again, and reverted if their transaction is gone). A change deeper than that, or a head
   * that falls further than that below what was recorded, is not a reorg: the tracker halts
   * the network and changes nothing. Default 64.
   */
  reorgDepthLimit: number
  /**
   * A running tracker re-reads each network's identity at least this often (default 60 s),
   * in the same batch as its head, and at once whenever the chain looks replaced (a rewind,
   * a head below the recorded height).
   */
  identityCheckMs: number
  /**
   * A tracker that starts resumes scanning after the last block any tracker scanned, at most
   * this many blocks back (default 10,000; read `maxBlocksPerPass` at a time), so a payment made
   * to a deposit address or with a reference while no tracker ran is still found.
   */
  catchUpBlocks: number
}

export const defaultPaymentProcessingSettings: PaymentProcessingSettings = {
  leaseMs: 30_000,
  missingGraceMs: 10 * 60_000,
  watchBlocks: 12,
  batchSize: 200,
  recheckMs: 5 * 60_000,
  maxBlocksPerPass: 100,
  reorgDepthLimit: 64,
  identityCheckMs: 60_000,
  catchUpBlocks: 10_000,
}
