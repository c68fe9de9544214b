import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { idempotencyKeys } from '../db/schema.js'

/** A key answers again for this long (Stripe's 24 hours), then its row is pruned. */
export const idempotencyTtlSeconds = 24 * 60 * 60

export interface IdempotencyRow {
  merchant: string
  key: string
}

/** The row of `(merchant, key)`. */
const rowOf = ({ merchant, key }: IdempotencyRow) =>
  and(eq(idempotencyKeys.merchant, merchant), eq(idempotencyKeys.key, key))

/** That row while the request `owner` holds it: a row another request took over is left alone. */
const heldBy = (row: IdempotencyRow & { owner: string }) => and(rowOf(row), eq(idempotencyKeys.owner, row.owner))

export type ClaimResult =
  /** This request inserted (or took over) the row: it does the work. */
  | { kind: 'claimed' }
  /** An earlier request with this key and body finished: its answer. */
  | { kind: 'completed'; statusCode: number; body: string; contentType: string | null }
  /** The key was used with another method, route or body. */
  | { kind: 'reused' }
  /** Another request with this key is running now. */
  | { kind: 'in_flight' }

export interface ClaimIdempotencyKeyParameters extends IdempotencyRow {
  requestHash: string
  /** A random id of this attempt: only its owner completes or releases the row. */
  owner: string
  /** An in-flight row locked longer ago than this belongs to a process that died: taken over. */
  staleAfterSeconds: number
}

/**
 * Claims `(merchant, key)` for one request. The insert comes first, so of two requests racing on
 * two processes exactly one gets the row; the other reads what the first left. Times are the
 * database's, so processes with drifting clocks agree on what expired.
 */
export async function claimIdempotencyKey(
  db: Db,
  { merchant, key, requestHash, owner, staleAfterSeconds }: ClaimIdempotencyKeyParameters,
): Promise<ClaimResult> {
  const where = rowOf({ merchant, key })
  // A row can vanish or expire between our statements: a few rounds settle it.
  for (let round = 0; round < 3; round++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ merchant, key, requestHash, owner })
      .onConflictDoNothing()
      .returning({ owner: idempotencyKeys.owner })
    if (inserted.length) return { kind: 'claimed' }

    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        owner: idempotencyKeys.owner,
        statusCode: idempotencyKeys.statusCode,
        responseBody: idempotencyKeys.responseBody,
        contentType: idempotencyKeys.contentType,
        createdAt: idempotencyKeys.createdAt,
        expired: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${idempotencyTtlSeconds})`,
        stale: sql<boolean>`${idempotencyKeys.lockedAt} < now() - make_interval(secs => ${staleAfterSeconds})`,
      })
      .from(idempotencyKeys)
      .where(where)
    if (!row) continue
    if (row.expired) {
      await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.createdAt, row.createdAt)))
      continue
    }
    if (row.requestHash !== requestHash) return { kind: 'reused' }
    if (row.statusCode !== null)
      return {
        kind: 'completed',
        statusCode: row.statusCode,
        body: row.responseBody ?? '',
        contentType: row.contentType,
      }
    if (!row.stale) return { kind: 'in_flight' }
    const taken = await db
      .update(idempotencyKeys)
      .set({ owner, lockedAt: sql`now()` })
      .where(and(heldBy({ merchant, key, owner: row.owner }), isNull(idempotencyKeys.statusCode)))
      .returning({ owner: idempotencyKeys.owner })
    if (taken.length) return { kind: 'claimed' }
  }
  return { kind: 'in_flight' }
}

/** Stores the answer of the request that owns the row. */
export async function completeIdempotencyKey(
  db: Db,
  row: IdempotencyRow & { owner: string },
  answer: { statusCode: number; body: string; contentType: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: answer.body, contentType: answer.contentType })
    .where(heldBy(row))
}

/** Drops the row of a request that ended without an answer worth keeping (5xx, aborted): the client may retry. */
export async function releaseIdempotencyKey(db: Db, row: IdempotencyRow & { owner: string }): Promise<void> {
  await db.delete(idempotencyKeys).where(and(heldBy(row), isNull(idempotencyKeys.statusCode)))
}

/** Deletes rows past their 24 hours; returns how many. */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${idempotencyTtlSeconds})`))
    .returning({ key: idempotencyKeys.key })
  return deleted.length
}
