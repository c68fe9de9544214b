import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './openDatabase.js'
import { appMeta } from './schema.js'
import { canStartTestPostgres, startTestPostgres } from '../testing/testPostgres.js'
import { withTempDir } from '../testing/tempDir.js'

async function roundTrip(database: Database) {
  await database.db
    .insert(appMeta)
    .values({ key: 'greeting', value: 'hello' })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: 'hello' } })
  const rows = await database.db.select().from(appMeta).where(eq(appMeta.key, 'greeting'))
  expect(rows).toEqual([{ key: 'greeting', value: 'hello' }])
  const applied = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )
  expect(applied.rows[0]!.n).toBeGreaterThanOrEqual(1)
}

describe('openDatabase', () => {
  it('applies the migrations on in-memory PGlite', async () => {
    const database = await openDatabase({ dataDir: ':memory:' })
    try {
      expect(database.kind).toBe('pglite')
      await roundTrip(database)
    } finally {
      await database.close()
    }
  })

  it('keeps data in a PGlite directory across reopen', async () => {
    await withTempDir('paylink-pglite-', async (dir) => {
      const first = await openDatabase({ dataDir: join(dir, 'pglite') })
      await roundTrip(first)
      await first.close()
      const second = await openDatabase({ dataDir: join(dir, 'pglite') })
      const rows = await second.db.select().from(appMeta)
      expect(rows).toEqual([{ key: 'greeting', value: 'hello' }])
      await second.close()
    })
  })

  it('creates a new PGlite directory in another process (its 600 MiB initdb never enters this one) and runs a 16 MB buffer pool', async () => {
    await withTempDir('paylink-pglite-', async (dir) => {
      const before = process.memoryUsage().external
      const database = await openDatabase({ dataDir: join(dir, 'pglite') })
      try {
        const grown = process.memoryUsage().external - before
        // Opening a finished cluster takes some 140 MiB of WebAssembly memory; creating one here would take 600.
        expect(grown, `external memory grew by ${Math.round(grown / 2 ** 20)} MiB`).toBeLessThan(400 * 2 ** 20)
        const setting = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`)
        expect(setting.rows[0]!.shared_buffers).toBe('16MB')
        expect(readdirSync(dir), 'the cluster was built beside its place and renamed into it').toEqual(['pglite'])
      } finally {
        await database.close()
      }
    })
  })

  it('refuses a directory that holds files but no PGlite database, and leaves them as they were', async () => {
    await withTempDir('paylink-pglite-', async (dir) => {
      mkdirSync(join(dir, 'pglite'))
      writeFileSync(join(dir, 'pglite', 'notes.txt'), 'mine')
      await expect(openDatabase({ dataDir: join(dir, 'pglite') })).rejects.toThrow(
        /is not empty and holds no PGlite database \(no PG_VERSION\)/,
      )
      expect(readdirSync(join(dir, 'pglite'))).toEqual(['notes.txt'])
      expect(readFileSync(join(dir, 'pglite', 'notes.txt'), 'utf8')).toBe('mine')
      expect(existsSync(join(dir, 'pglite.creating'))).toBe(false)
    })
  })

  // Skipped only where neither DATABASE_URL nor PostgreSQL server binaries exist (a laptop
  // without Postgres); CI installs postgresql, so this runs there against a real server.
  it.skipIf(!canStartTestPostgres())(
    'applies the migrations on real Postgres, once across concurrent opens',
    async () => {
      const server = await startTestPostgres()
      try {
        // Two processes starting at once: the advisory lock makes the second wait, then no-op.
        const [a, b] = await Promise.all([openDatabase({ url: server.url }), openDatabase({ url: server.url })])
        try {
          expect(a.kind).toBe('postgres')
          await roundTrip(a)
          const rows = await b.db.select().from(appMeta)
          expect(rows).toEqual([{ key: 'greeting', value: 'hello' }])
        } finally {
          await a.close()
          await b.close()
        }
      } finally {
        await server.stop()
      }
    },
  )

  it('refuses to open without a url or a data directory', async () => {
    await expect(openDatabase({})).rejects.toThrow(/url or a PGlite dataDir/)
  })
})
