import type { Link } from '@paylink/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { links } from '../db/schema.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { canStartTestPostgres, startTestPostgres, type TestPostgres } from '../testing/testPostgres.js'
import { merchantOf } from '../merchants/merchant.js'
import { enqueueWebhookEvents } from '../webhooks/enqueueWebhookEvents.js'
import { listEvents } from './listEvents.js'

// Two transactions at once need a real Postgres (PGlite has one connection).
describe.skipIf(!canStartTestPostgres())('events feed under concurrent writers (Postgres)', () => {
  let postgres: TestPostgres
  let database: Database
  const merchant = merchantOf({ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
  const link = { id: 'lnk_feedpg', merchant: merchant.id, webhookUrl: null }
  const view = { id: link.id, payments: [] } as unknown as Link

  beforeAll(async () => {
    postgres = await startTestPostgres()
    database = await openDatabase({ url: postgres.url })
    await database.db
      .insert(links)
      .values({ id: link.id, merchant: merchant.id, merchantAddress: merchant.address, title: 'Feed' })
  }, 60_000)

  afterAll(async () => {
    await database?.close()
    await postgres?.stop()
  })

  it('an event numbered first but committed last is not skipped: the feed waits for its transaction', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let written!: () => void
    const wroteFirst = new Promise<void>((resolve) => (written = resolve))
    const slow = database.db.transaction(async (tx) => {
      await enqueueWebhookEvents(tx, link, view, [{ type: 'payment.detected', payment: null }], new Date())
      written()
      await held
    })
    await wroteFirst
    await database.db.transaction((tx) =>
      enqueueWebhookEvents(tx, link, view, [{ type: 'payment.confirmed', payment: null }], new Date()),
    )

    // The later event is committed, the earlier one not yet: returning the later one now would
    // move a reader's cursor past the earlier one for good.
    const early = await listEvents(database.db, { merchant })
    expect(early.bodies).toEqual([])
    expect(early.nextCursor).toBeNull()

    release()
    await slow
    const page = await listEvents(database.db, { merchant })
    expect(page.bodies.map((body) => JSON.parse(body).type)).toEqual(['payment.detected', 'payment.confirmed'])
    const next = await listEvents(database.db, { merchant, after: page.nextCursor! })
    expect(next.bodies).toEqual([])
  }, 30_000)
})
