import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './openDatabase.js'
import { appMeta } from './schema.js'
import { canStartTestPostgres, startTestPostgres } from './testPostgres.js'

async function roundTrip(database: Database) {
  await database.db
    .insert(appMeta)
    .values({ key: 'greeting', value: 'hello' })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: 'hello' } })
  const rows = await database.db.select().from(appMeta).where(eq(appMeta.key, 'greeting'))
  expect(rows).toEqual([{ key: 'greeting', value: 'hello' }])
  const applied = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
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
    const dir = mkdtempSync(join(tmpdir(), 'paylink-pglite-'))
    try {
      const first = await openDatabase({ dataDir: join(dir, 'pglite') })
      await roundTrip(first)
      await first.close()
      const second = await openDatabase({ dataDir: join(dir, 'pglite') })
      const rows = await second.db.select().from(appMeta)
      expect(rows).toEqual([{ key: 'greeting', value: 'hello' }])
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  // Skipped only where neither DATABASE_URL nor PostgreSQL server binaries exist (a laptop
  // without Postgres); CI installs postgresql, so this runs there against a real server.
  it.skipIf(!canStartTestPostgres())('applies the migrations on real Postgres, once across concurrent opens', async () => {
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
  })

  it('refuses to open without a url or a data directory', async () => {
    await expect(openDatabase({})).rejects.toThrow(/url or a PGlite dataDir/)
  })
})
