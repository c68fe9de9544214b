import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.js'

/** Both drivers' raw results carry `rows`; this lets `db.execute` say so. */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>
}
export interface RowsResult<Row> {
  rows: Array<Row extends Record<string, unknown> ? Row : Record<string, unknown>>
}

/** The drizzle handle every domain module takes: the same API over PGlite and Postgres. */
export type Db = PgDatabase<RowsQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** postgres:// URL. When set, `dataDir` is ignored. */
  url?: string | null
  /** PGlite data directory; `:memory:` keeps the database in memory (tests). */
  dataDir?: string
  /** Pool size for Postgres (default 10). */
  maxConnections?: number
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

/**
 * Any fixed number works, as long as every Paylink process uses the same one: it makes
 * processes starting together against one Postgres apply migrations one at a time.
 */
const migrationLockKey = 0x7061796c // "payl"

/** Opens PGlite (`dataDir`) or Postgres (`url`) and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.maxConnections ?? 10)
  if (!options.dataDir) throw new Error('openDatabase needs a postgres url or a PGlite dataDir')
  return openPglite(options.dataDir)
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === ':memory:'
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  const client = inMemory ? new PGlite() : new PGlite(dataDir)
  try {
    const db = drizzlePglite({ client, schema }) as unknown as Db
    await migratePglite(db as never, { migrationsFolder })
    return { db, kind: 'pglite', close: () => client.close() }
  } catch (error) {
    await client.close().catch(() => {})
    throw error
  }
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  try {
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Db
    const lock = await pool.connect()
    try {
      await lock.query('select pg_advisory_lock($1)', [migrationLockKey])
      await migratePostgres(db as never, { migrationsFolder })
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {})
      lock.release()
    }
    return { db, kind: 'postgres', close: () => pool.end() }
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
}
