import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Queryable } from '../db/transaction.js'

/**
 * How many of the merchant's links hold a place under the open-links cap at `now`: open or
 * partially paid, not expired, not switched off (a deactivated link takes no payments), and not an order.
 * Creating and reactivating a link both check it, under the merchant's advisory lock.
 */
export async function countOpenLinks(q: Queryable, merchantId: string, now: Date): Promise<number> {
  return q.$count(
    links,
    and(
      eq(links.merchant, merchantId),
      inArray(links.status, ['open', 'partially_paid']),
      or(isNull(links.expiresAt), gt(links.expiresAt, now)),
      isNull(links.deactivatedAt),
      // Orders are made by payers, not the merchant: they must not use up the merchant's cap.
      isNull(links.orderOf),
    ),
  )
}
