import { and, inArray, lte } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { refreshLink } from './refreshLink.js'

/**
 * Marks open and partially paid links past their expiry as expired (writing link.expired to
 * the outbox). Safe to run in several processes at once: each link is recomputed under its
 * row lock and the event is written only by the one that changed the status.
 */
export async function expireLinks(db: Db, now: Date = new Date(), limit = 100): Promise<string[]> {
  const due = await db
    .select({ id: links.id })
    .from(links)
    .where(and(inArray(links.status, ['open', 'partially_paid']), lte(links.expiresAt, now)))
    .limit(limit)
  const expired: string[] = []
  for (const { id } of due) {
    const result = await db.transaction((tx) => refreshLink(tx, id, now))
    if (result?.statusChanged) expired.push(id)
  }
  return expired
}
