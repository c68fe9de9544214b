import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { serverRoot } from '../serverRoot.js'
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
  /** LISTEN on a channel for as long as the database is open (see DatabaseListener); resolves once listening. */
  listen(channel: string, listener: DatabaseListener): Promise<() => Promise<void>>
  close(): Promise<void>
}

/**
 * What a LISTEN calls. Postgres sends a NOTIFY at commit to every session listening then; a
 * session that was not connected misses it for good. So `onGap` says "notifications may have
 * been missed": called when the listening connection drops (anything derived from them must
 * stop being trusted) and again once listening has resumed (re-read what matters now).
 * PGlite runs in this process and never drops.
 */
export interface DatabaseListener {
  onNotify(payload: string): void
  onGap(state: 'lost' | 'resumed'): void
}

export interface OpenDatabaseOptions {
  /** postgres:// URL. When set, `dataDir` is ignored. */
  url?: string | null
  /** PGlite data directory; `:memory:` keeps the database in memory (tests). */
  dataDir?: string
  /** Pool size for Postgres (default 10). */
  maxConnections?: number
}

export const migrationsFolder = fileURLToPath(new URL('drizzle', serverRoot))

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

/**
 * PGlite's own start parameters plus a smaller buffer pool. PGlite touches every page of its
 * shared memory, so Postgres's 128 MB `shared_buffers` is 128 MiB of the process's RSS; a
 * single-user embedded database (Postgres's initdb writes 400kB into PGlite's postgresql.conf)
 * needs far less. 16 MB: about 100 MiB less RSS for the demo (see README, Benchmarks).
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/**
 * Opens PGlite on `dataDir`, creating the cluster first when the directory holds none. Creating
 * a cluster (initdb, in PGlite's WebAssembly) grows that instance's memory to some 600 MiB,
 * which WebAssembly gives back only once the instance is collected; so it runs in a short-lived
 * process of its own, and this process only ever opens a finished cluster.
 */
async function startPglite(dataDir: string): Promise<PGlite> {
  if (dataDir === ':memory:') return PGlite.create({ startParams: pgliteStartParams })
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await createPgliteCluster(dataDir)
  return PGlite.create(dataDir, { startParams: pgliteStartParams })
}

const createClusterScript = `
import { PGlite } from '@electric-sql/pglite'
const db = await PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) })
await db.close()
`

/**
 * Creates a PGlite cluster in `dataDir` (missing or empty) in a child process: built beside it
 * and renamed into place, so a start cut short leaves no half-made cluster behind.
 */
async function createPgliteCluster(dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(
      `${dataDir} is not empty and holds no PGlite database (no PG_VERSION): move it away or point DATA_DIR elsewhere`,
    )
  }
  mkdirSync(dirname(dataDir), { recursive: true })
  const building = `${dataDir}.creating`
  rmSync(building, { recursive: true, force: true })
  const stderr: Buffer[] = []
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '--eval', createClusterScript, building, JSON.stringify(pgliteStartParams)],
      {
        // The script's import resolves from the server's own folder, as the server's does.
        cwd: fileURLToPath(serverRoot),
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.once('error', reject)
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? -1 : null)))
  })
  if (code !== 0 || !existsSync(join(building, 'PG_VERSION'))) {
    rmSync(building, { recursive: true, force: true })
    throw new Error(
      `Creating the PGlite database in ${dataDir} failed: ${Buffer.concat(stderr).toString().trim() || `exit ${code}`}`,
    )
  }
  rmSync(dataDir, { recursive: true, force: true })
  renameSync(building, dataDir)
}

async function openPglite(dataDir: string): Promise<Database> {
  const client = await startPglite(dataDir)
  try {
    const db = drizzlePglite({ client, schema }) as unknown as Db
    await migratePglite(db as never, { migrationsFolder })
    return {
      db,
      kind: 'pglite',
      // In process: a NOTIFY reaches this callback while PGlite hands back the COMMIT's result,
      // before the committing caller continues.
      listen: async (channel, listener) => {
        const stop = await client.listen(channel, (payload) => listener.onNotify(payload))
        return async () => {
          if (!client.closed) await stop()
        }
      },
      close: () => client.close(),
    }
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
    const listeners = new Set<() => Promise<void>>()
    return {
      db,
      kind: 'postgres',
      listen: async (channel, listener) => {
        const stop = await listenPostgres(url, channel, listener)
        listeners.add(stop)
        return async () => {
          listeners.delete(stop)
          await stop()
        }
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()))
        await pool.end()
      },
    }
  } catch (error) {
    await pool.end().catch(() => {})
    throw error
  }
}

/** How long a lost LISTEN connection waits before connecting again. */
const relistenDelayMs = 500

/**
 * One connection of its own per LISTEN (a pooled one would be handed to queries), connected
 * again after a loss; `onGap` brackets the time it was gone.
 */
async function listenPostgres(url: string, channel: string, listener: DatabaseListener): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`)
  let stopped = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | null = null

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '')
    })
    next.on('error', () => {})
    try {
      await next.connect()
      await next.query(`LISTEN ${channel}`)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    next.on('end', () => {
      if (stopped || client !== next) return
      client = null
      listener.onGap('lost')
      scheduleRetry()
    })
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    client = next
  }
  const scheduleRetry = () => {
    retry = setTimeout(() => {
      retry = null
      if (stopped) return
      connect().then(
        () => {
          if (!stopped) listener.onGap('resumed')
        },
        () => scheduleRetry(),
      )
    }, relistenDelayMs)
  }

  await connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    const last = client
    client = null
    await last?.end().catch(() => {})
  }
}
