import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { PaymentWatch } from '@paylink/chains/server'
import { linkOptions, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { lateWatchEnd, stillWatchedLate, watchableOn, watchColumns } from './loadWatches.js'

export interface WatchCache {
  /**
   * The watches `loadWatches` would return at `now`, the same array while none came or went
   * (families key their own per-list work on it).
   */
  load(now?: Date): Promise<readonly PaymentWatch[]>
}

interface Entry {
  watch: PaymentWatch
  status: string
  expiresAt: Date | null
  latePaymentGraceSeconds: number
  /** The merchant deactivated the link: no new payment to it is looked for (loadWatches' rule). */
  deactivated: boolean
}

/**
 * One network's watches kept in memory between tracker passes. Reading every open option each
 * pass costs as much as the options are many (with 10,000 open links, PGlite took 0.3-1.5 s on
 * this machine); here the first call reads them all, and each later one reads only the options
 * whose link row changed since the previous read: created, paid, reopened, expired.
 *
 * "Changed since" is Postgres's own bookkeeping, not a clock: before each read the cache notes
 * the snapshot's xmin (the oldest transaction still running); every row written by a transaction
 * the read could not see carries an xmin at or above it, so the next read (rows whose xmin is
 * at or above the noted one, compared modulo 2^32 as Postgres compares transaction ids) finds
 * it, whichever clock the writer had and however long its transaction ran. A few rows seen
 * twice are harmless. A link the merchant deactivates leaves at the next read (its row changed),
 * as it is absent from `loadWatches`, and comes back when reactivated. When an expired link stops being watched (a day after expiry, or the end of
 * its late-payment grace: `lateWatchEnd`) is applied here, with the caller's clock, as `loadWatches` does.
 */
export function createWatchCache(db: Db, caipNetworkId: string): WatchCache {
  const entries = new Map<string, Entry>()
  let horizon: bigint | null = null
  let list: PaymentWatch[] = []
  let changed = true
  /** The earliest moment an expired link in `entries` stops being watched. */
  let nextDrop = Infinity

  const readHorizon = async (): Promise<bigint> => {
    const { rows } = await db.execute<{ xmin: string }>(
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
    )
    return BigInt(rows[0]!.xmin)
  }
  const readRows = (where: SQL | undefined) =>
    db
      .select({
        ...watchColumns,
        status: links.status,
        expiresAt: links.expiresAt,
        latePaymentGraceSeconds: links.latePaymentGraceSeconds,
        deactivatedAt: links.deactivatedAt,
      })
      .from(linkOptions)
      .innerJoin(links, eq(links.id, linkOptions.linkId))
      .where(and(watchableOn(caipNetworkId), where))
  const watched = (entry: Entry, now: Date) =>
    !entry.deactivated &&
    (entry.status === 'open' ||
      entry.status === 'partially_paid' ||
      (entry.status === 'expired' &&
        entry.expiresAt !== null &&
        lateWatchEnd(entry.expiresAt, entry.latePaymentGraceSeconds) > now.getTime()))
  const keep = (row: Awaited<ReturnType<typeof readRows>>[number], now: Date) => {
    const { status, expiresAt, latePaymentGraceSeconds, deactivatedAt, ...watch } = row
    const entry = { watch, status, expiresAt, latePaymentGraceSeconds, deactivated: deactivatedAt !== null }
    const before = entries.get(watch.optionId)
    if (watched(entry, now)) {
      // Options never change once written; only their link's status, expiry and grace move.
      if (
        before?.status === status &&
        before.expiresAt?.getTime() === expiresAt?.getTime() &&
        before.latePaymentGraceSeconds === latePaymentGraceSeconds
      )
        return
      entries.set(watch.optionId, entry)
      changed = true
    } else if (before) {
      entries.delete(watch.optionId)
      changed = true
    }
  }

  return {
    async load(now = new Date()) {
      const seenFrom = await readHorizon()
      if (horizon === null) {
        // The first read: loadWatches' filter, with each link's status kept.
        const open = and(
          isNull(links.deactivatedAt),
          or(inArray(links.status, ['open', 'partially_paid']), stillWatchedLate(now)),
        )
        for (const row of await readRows(open)) keep(row, now)
      } else {
        // xmin is a 32-bit transaction id: "at or above" is a difference below 2^31, modulo 2^32.
        const since = Number(horizon % 4294967296n)
        // A link's options are written in the link's own transaction and never change after, so the
        // link row's xmin covers them.
        // Two steps so the planner cannot turn this into one index probe per watched option: the
        // changed links (a scan of the links table in the database, no row leaves it unless
        // changed), then their options by index.
        const newer = sql`((${links}.xmin::text::bigint - ${since}::bigint + 4294967296) % 4294967296) < 2147483648`
        const touched = (await db.select({ id: links.id }).from(links).where(newer)).map((link) => link.id)
        for (const ids of chunks(touched, 5000))
          for (const row of await readRows(inArray(links.id, ids))) keep(row, now)
      }
      horizon = seenFrom
      if (changed || now.getTime() >= nextDrop) {
        nextDrop = Infinity
        for (const [id, entry] of entries) {
          if (!watched(entry, now)) entries.delete(id)
          else if (entry.status === 'expired')
            nextDrop = Math.min(nextDrop, lateWatchEnd(entry.expiresAt!, entry.latePaymentGraceSeconds))
        }
        list = [...entries.values()].map((entry) => entry.watch)
        changed = false
      }
      return list
    },
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
