import { unmatchedListSchema, unmatchedPaymentSchema, type UnmatchedPayment } from '@paylink/shared'
import { apiGet, apiSend } from '../../../api/client.js'

// Payments that reached the merchant but no open option (apps/server/README.md, "Unmatched payments").

export const listUnmatched = (): Promise<UnmatchedPayment[]> =>
  apiGet('/api/unmatched', unmatchedListSchema).then((r) => r.unmatched)

export const attachUnmatched = (id: string, linkId: string): Promise<UnmatchedPayment> =>
  apiSend('POST', `/api/unmatched/${encodeURIComponent(id)}/attach`, unmatchedPaymentSchema, { linkId })

export const markUnmatchedRefunded = (id: string, refundTxHash: string): Promise<UnmatchedPayment> =>
  apiSend(
    'POST',
    `/api/unmatched/${encodeURIComponent(id)}/refunded`,
    unmatchedPaymentSchema,
    refundTxHash ? { refundTxHash } : {},
  )
