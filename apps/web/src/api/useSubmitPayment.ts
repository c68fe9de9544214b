import type { CreatePaymentBody } from '@paylink/shared'
import { useMutation } from '@tanstack/react-query'
import { submitPayment } from './checkout.js'
import { retryTransient } from './retryTransient.js'

/**
 * Hands a sent transaction's hash to the server, with up to three tries 0.5 s then 1 s apart
 * when the server could not answer. The caller remembers the hash first, so an answer lost even
 * after the third try is handed over again when the page is reopened.
 */
export function useSubmitPayment(linkId: string) {
  return useMutation({
    mutationFn: (body: CreatePaymentBody) => submitPayment(linkId, body),
    retry: retryTransient(2),
    retryDelay: (failureCount) => 500 * (failureCount + 1),
  })
}
