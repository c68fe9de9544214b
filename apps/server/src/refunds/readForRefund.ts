import type { PaymentChainReader } from '@paylink/chains/server'
import { UnavailableError } from '../errors.js'

/** A reader of a network's chain (its family's own), or null when this server cannot read it. */
export type RefundChainReaders = (caipNetworkId: string) => PaymentChainReader | null

/** What a refund check of one payment works with (beside the database): the payment, its chain, the clock. */
export interface RefundCheckParameters {
  paymentId: string
  readerOf: RefundChainReaders
  now?: () => Date
}

/**
 * One read of the payment's chain for a refund check. No read (this server does not read the
 * network, or its family cannot do this read) and a read that fails are both 503
 * CHAIN_UNAVAILABLE: nothing is wrong with the request, so it is worth sending again.
 */
export async function readForRefund<T>(caipNetworkId: string, read: (() => Promise<T>) | null): Promise<T> {
  if (!read) throw new UnavailableError('CHAIN_UNAVAILABLE', `This server does not read ${caipNetworkId}.`)
  try {
    return await read()
  } catch (cause) {
    throw new UnavailableError(
      'CHAIN_UNAVAILABLE',
      `Could not read ${caipNetworkId} right now: try again in a moment.`,
      {
        cause,
      },
    )
  }
}
