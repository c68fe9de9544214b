import { randomBytes } from 'node:crypto'
import type { PaymentChainReader } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'
import type { PaymentRow } from '../db/rows.js'
import { applyDecision } from './applyDecision.js'
import {
  claimPayments,
  releasePayments,
  type PaymentSelection,
  type ReleasePaymentsParameters,
} from './claimPayments.js'
import type { PaymentDecision } from './decidePayment.js'
import { paymentActionOf, type PaymentAction } from './paymentAction.js'
import type { PaymentProcessingSettings } from './paymentProcessingSettings.js'

/** What each of the tracker's passes over one network is given: where, by which rules, and whom to tell. */
export interface PaymentPass {
  db: Db
  caipNetworkId: string
  settings: PaymentProcessingSettings
  /** Told after each committed change, with the link id (server-sent events). */
  onLinkChanged?: (linkId: string) => void
  /** Told of each payment the pass changed, for the operator's log. */
  onPaymentAction?: (action: PaymentAction) => void
  now?: () => Date
}

/** A pass that reads the chain. */
export interface ChainPaymentPass extends PaymentPass {
  chain: PaymentChainReader
}

/** The pass's clock: its own `now`, else the wall clock. */
export const clockOf = (pass: PaymentPass): (() => Date) => pass.now ?? (() => new Date())

/**
 * One pass's lease on the payments it works on: claimed in batches under one fresh token (so
 * concurrent trackers split the work), each decision written only while the claim is still
 * this pass's, the pass's listeners told of every change, the claims released at the end.
 */
export function passLease(pass: PaymentPass) {
  const leaseToken = randomBytes(12).toString('base64url')
  const now = clockOf(pass)
  return {
    now,
    claim: (selection: PaymentSelection) =>
      claimPayments(pass.db, {
        caipNetworkId: pass.caipNetworkId,
        selection,
        leaseToken,
        leaseMs: pass.settings.leaseMs,
        limit: pass.settings.batchSize,
      }),
    /** Writes the decision; true, with the listeners told, when it changed the payment. */
    async apply(payment: PaymentRow, decision: PaymentDecision): Promise<boolean> {
      if (!(await applyDecision(pass.db, payment, decision, leaseToken, now()))) return false
      pass.onLinkChanged?.(payment.linkId)
      pass.onPaymentAction?.(paymentActionOf(payment, decision))
      return true
    },
    leaseToken,
    release: (ids: readonly string[], rest?: ReleasePaymentsParameters['rest']) =>
      releasePayments(pass.db, { leaseToken, ids, ...(rest ? { rest } : {}) }),
  }
}
