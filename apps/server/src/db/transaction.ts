import { sql } from 'drizzle-orm'
import type { Db } from './openDatabase.js'

/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Either the database or an open transaction: functions taking this join the caller's. */
export type Queryable = Db | Tx

/**
 * Holds the Postgres advisory lock named `key` until the transaction ends: transactions taking the
 * same key run one after another, so a cap counted and then written cannot be passed by two at once.
 */
export async function lockUntilCommit(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/** The Postgres error code, whether the driver (pg, PGlite) or drizzle wrapped it. */
export function pgErrorCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined
  for (let i = 0; current && i < 4; i++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code
    current = current.cause as typeof current
  }
  return undefined
}
