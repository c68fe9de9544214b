import { randomBytes } from 'node:crypto'
import type { PublicClient } from 'viem'
import { readEvmPaymentEvidence } from '../chains/readEvmPaymentEvidence.js'
import type { Db } from '../db/openDatabase.js'
import { applyDecision } from './applyDecision.js'
import { claimPayments, releasePayments, type PaymentSelection } from './claimPayments.js'
import { decidePayment } from './decidePayment.js'
import { loadDecisionContext } from './loadDecisionContext.js'

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
}

export const defaultPaymentProcessingSettings: PaymentProcessingSettings = {
  leaseMs: 30_000,
  missingGraceMs: 10 * 60_000,
  watchBlocks: 12,
  batchSize: 200,
  recheckMs: 5 * 60_000,
  maxBlocksPerPass: 100,
}

export interface ProcessPaymentsParameters {
  db: Db
  client: PublicClient
  caipNetworkId: string
  settings: PaymentProcessingSettings
  /** Which payments: default the due ones (the periodic re-check). */
  selection?: PaymentSelection
  /** Blocks the caller just read: their canonical hashes are not read again. */
  knownBlocks?: ReadonlyMap<bigint, { hash: string; timestamp: bigint } | null>
  /** Told after each committed change, with the link id (server-sent events). */
  onLinkChanged?: (linkId: string) => void
  now?: () => Date
}

export interface ProcessPaymentsReturnType {
  claimed: number
  changed: number
}

/**
 * Reads each selected payment's own transaction: claim them (a lease taken with FOR UPDATE
 * SKIP LOCKED, so concurrent trackers split the work), read every receipt (and the
 * transactions of unmatched ones) in one batch, then write each payment's next state with its
 * link's status and webhook events in one transaction that first checks the claim is still ours.
 */
export async function processPayments({
  db,
  client,
  caipNetworkId,
  settings,
  selection = { kind: 'due' },
  knownBlocks,
  onLinkChanged,
  now = () => new Date(),
}: ProcessPaymentsParameters): Promise<ProcessPaymentsReturnType> {
  const leaseToken = randomBytes(12).toString('base64url')
  const claimed = await claimPayments(db, { caipNetworkId, selection, leaseToken, leaseMs: settings.leaseMs, limit: settings.batchSize })
  if (claimed.length === 0) return { claimed: 0, changed: 0 }
  const claimedIds = claimed.map((p) => p.id)
  let read = false
  try {
    const { head, evidence } = await readEvmPaymentEvidence({
      client,
      items: claimed.map((p) => ({ txHash: p.txHash, withTransaction: p.optionId === null })),
      ...(knownBlocks ? { knownBlocks } : {}),
    })
    read = true
    const decide = await loadDecisionContext(db, claimed, caipNetworkId, settings)
    let changed = 0
    for (const payment of claimed) {
      const decision = decide(payment, (context) => decidePayment(payment, evidence.get(payment.txHash)!, { ...context, head, now: now() }))
      if (await applyDecision(db, payment, decision, leaseToken, now())) {
        changed++
        onLinkChanged?.(payment.linkId)
      }
    }
    return { claimed: claimed.length, changed }
  } finally {
    // A failed read frees the claims at once; a completed one lets pending payments rest.
    await releasePayments(db, {
      leaseToken,
      ids: claimedIds,
      ...(read ? { rest: { recheckMs: settings.recheckMs, missingGraceMs: settings.missingGraceMs } } : {}),
    })
  }
}
