import { createParser } from 'eventsource-parser'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Link } from '@paylink/shared'
import { linkOptions, links } from '../db/schema.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { canStartTestPostgres, startTestPostgres, type TestPostgres } from '../testing/testPostgres.js'
import { mainChildren, runMainOnFreePort, type MainRun } from '../testing/runMain.js'
import { sql } from 'drizzle-orm'
import { announceLinkChanged } from './announceLinkChanged.js'
import { createLinkViewCache } from './linkViewCache.js'

// Two real server processes on one Postgres, each with its own view cache and event hub: a change
// made through one (or by anyone else on the database) reaches the other's cached view and its
// streams through the database's NOTIFY, within a second.
describe.skipIf(!canStartTestPostgres())('cached link views across two processes (Postgres)', () => {
  let postgres: TestPostgres
  let database: Database
  const servers: Array<{ run: MainRun; base: string }> = []

  beforeAll(async () => {
    postgres = await startTestPostgres()
    for (let i = 0; i < 2; i++) {
      const run = await runMainOnFreePort({
        PAYLINK_DEVNET: '0',
        DATABASE_URL: postgres.url,
        PUBLIC_ORIGIN: 'http://localhost:4100',
      })
      const { port } = run
      expect(run.started, run.output().stderr).toBe(true)
      servers.push({ run, base: `http://127.0.0.1:${port}` })
    }
    // The processes applied the migrations; this connection plays "anyone else on the database".
    database = await openDatabase({ url: postgres.url, maxConnections: 2 })
  }, 120_000)

  afterAll(async () => {
    await database?.close()
    for (const child of mainChildren) if (child.exitCode === null) child.kill('SIGKILL')
    await postgres?.stop()
  })

  let n = 0
  async function insertLink(title: string): Promise<string> {
    const id = `lnk_pg${++n}${Date.now()}`
    await database.db.insert(links).values({ id, merchant: 'eip155:1:0xabc', merchantAddress: '0xabc', title })
    await database.db.insert(linkOptions).values({
      id: `opt_pg${n}${Date.now()}`,
      linkId: id,
      position: 0,
      assetId: 'eip155:31337/slip44:60',
      caipNetworkId: 'eip155:31337',
      symbol: 'ETH',
      decimals: 18,
      amount: '1000000000000000',
      recipient: '0x00000000000000000000000000000000000000aa',
    })
    return id
  }

  const read = async (base: string, id: string): Promise<Link> => {
    const response = await fetch(`${base}/api/links/${id}`)
    expect(response.status).toBe(200)
    return (await response.json()) as Link
  }

  /** The link's event stream on `base`: every `link` event's data, as it arrives. */
  async function follow(base: string, id: string) {
    const seen: Link[] = []
    const controller = new AbortController()
    const response = await fetch(`${base}/api/links/${id}/events`, { signal: controller.signal })
    expect(response.status).toBe(200)
    const parser = createParser({
      onEvent: (event) => event.event === 'link' && seen.push(JSON.parse(event.data) as Link),
    })
    void (async () => {
      const decoder = new TextDecoder()
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
          parser.feed(decoder.decode(chunk, { stream: true }))
      } catch {
        // Aborted at the end of the test.
      }
    })()
    return { seen, stop: () => controller.abort() }
  }

  /** Milliseconds until `check` holds (polled every 10 ms), or fails naming `what` after `limitMs`. */
  async function within(limitMs: number, what: string, check: () => Promise<boolean> | boolean): Promise<number> {
    const start = performance.now()
    while (!(await check())) {
      if (performance.now() - start > limitMs) throw new Error(`${what}: not within ${limitMs} ms`)
      await new Promise((r) => setTimeout(r, 10))
    }
    return performance.now() - start
  }

  it('a payment recorded through process A reaches process B’s cached view and B’s stream within 1 s', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]]
    const id = await insertLink('Crowd')
    // B holds the view: a write that leaves the version alone (against the rules) is not seen there.
    expect((await read(b.base, id)).title).toBe('Crowd')
    await database.db.update(links).set({ title: 'Quiet' }).where(eq(links.id, id))
    expect((await read(b.base, id)).title, 'B must serve its held view, not read the database each time').toBe('Crowd')
    const stream = await follow(b.base, id)
    await within(5000, 'the first event on B', () => stream.seen.length === 1)
    expect(stream.seen[0]!.version).toBe(1)

    // Through A: a transaction on a network the link does not offer is recorded as failed, which bumps the version.
    const posted = await fetch(`${a.base}/api/links/${id}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ caipNetworkId: 'eip155:1', txHash: `0x${'ab'.repeat(32)}` }),
    })
    expect(posted.status).toBe(202)
    // Both timed from the POST's answer at once: neither waits for the other.
    const [viewMs, streamMs] = await Promise.all([
      within(1000, 'the payment on B’s GET /api/links/:id', async () => (await read(b.base, id)).payments.length === 1),
      within(1000, 'version 2 on B’s stream', () => stream.seen.some((link) => link.version === 2)),
    ])
    const after = await read(b.base, id)
    expect(after).toMatchObject({ version: 2, title: 'Quiet' })
    expect(after.payments[0]).toMatchObject({ status: 'failed', reason: 'wrong_network' })
    expect(stream.seen.at(-1)).toEqual(after)
    expect(viewMs).toBeLessThan(1000)
    expect(streamMs).toBeLessThan(1000)
    stream.stop()
  }, 60_000)

  it('a change announced by another client of the database (announceLinkChanged) reaches both processes within 1 s', async () => {
    const id = await insertLink('Quote')
    const streams: Array<Awaited<ReturnType<typeof follow>>> = []
    for (const server of servers) {
      expect((await read(server.base, id)).title).toBe('Quote')
      streams.push(await follow(server.base, id))
    }
    await within(5000, 'the first events', () => streams.every((s) => s.seen.length === 1))
    await database.db.transaction(async (tx) => {
      await tx.update(links).set({ title: 'Quote, updated' }).where(eq(links.id, id))
      await announceLinkChanged(tx, id)
    })
    for (const [i, server] of servers.entries()) {
      await within(
        1000,
        `process ${i}'s cached view`,
        async () => (await read(server.base, id)).title === 'Quote, updated',
      )
      await within(1000, `process ${i}'s stream`, () =>
        streams[i]!.seen.some((link) => link.version === 2 && link.title === 'Quote, updated'),
      )
      streams[i]!.stop()
    }
  }, 60_000)

  it('a lost LISTEN connection: nothing is served from memory until listening again, then views are held again', async () => {
    const id = await insertLink('Gap')
    const views = createLinkViewCache({ database })
    await views.start()
    try {
      await views.read(id)
      const held = views.stats().loads
      await views.read(id)
      expect(views.stats().loads, 'held while listening').toBe(held)
      // Every LISTEN session on the database is cut (the two servers' too: they reconnect as well).
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN paylink_link_changed%' and pid <> pg_backend_pid()`,
      )
      await within(2000, 'the cache to notice the lost connection', () => !views.stats().live)
      // A change made while nobody listens is still seen: reads go to the database.
      await database.db.transaction(async (tx) => {
        await tx.update(links).set({ title: 'Gap, changed' }).where(eq(links.id, id))
        await announceLinkChanged(tx, id)
      })
      expect((await views.read(id))?.link.title).toBe('Gap, changed')
      await within(5000, 'listening again', () => views.stats().live)
      await views.read(id)
      const again = views.stats().loads
      await views.read(id)
      expect(views.stats().loads, 'held again once listening').toBe(again)
      for (const server of servers)
        await within(
          5000,
          'each server serving the change after its reconnection',
          async () => (await read(server.base, id)).title === 'Gap, changed',
        )
    } finally {
      await views.close()
    }
  }, 60_000)
})
