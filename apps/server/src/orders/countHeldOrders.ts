import { and, eq, gt, inArray, or } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Queryable } from '../db/transaction.js'

/**
 * How many of a reusable link's orders hold one of its `maxOrders` at `now`: paid or partly paid
 * ones, and open ones not yet expired. An order left unpaid gives its place back when it expires,
 * so an abandoned checkout does not sell the stock out.
 */
export async function countHeldOrders(q: Queryable, linkId: string, now: Date): Promise<number> {
  return q.$count(
    links,
    and(
      eq(links.orderOf, linkId),
      or(inArray(links.status, ['paid', 'partially_paid']), and(eq(links.status, 'open'), gt(links.expiresAt, now))),
    ),
  )
}
