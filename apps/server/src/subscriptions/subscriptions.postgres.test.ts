import type { CreatedPlan, CreatedSubscription } from '@paylink/shared'
import { and, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { links, subscriptionRenewals, subscriptions, webhookEvents } from '../db/schema.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { merchantOf } from '../merchants/merchant.js'
import { buildOfflineApp, offlineAssets } from '../testing/offlineApp.js'
import { canStartTestPostgres, startTestPostgres, type TestPostgres } from '../testing/testPostgres.js'

// Two schedulers at once on one database need a real Postgres (PGlite has one connection).
describe.skipIf(!canStartTestPostgres())('renewals with two processes on one Postgres', () => {
  let postgres: TestPostgres
  const databases: Database[] = []
  const apps: FastifyInstance[] = []
  let apiKey: string
  const merchant = merchantOf({ namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })

  beforeAll(async () => {
    postgres = await startTestPostgres()
    for (let i = 0; i < 2; i++) {
      // A pool each, as two server processes have.
      const database = await openDatabase({ url: postgres.url })
      databases.push(database)
      apps.push(await buildOfflineApp(database, { subscriptions: { graceSeconds: 60 } }))
    }
    apiKey = (await createApiKey(databases[0]!.db, merchant, 'tests')).token
  }, 90_000)
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()))
    await Promise.all(databases.map((database) => database.close()))
    await postgres?.stop()
  })

  const bothRounds = async (rounds = 3) => {
    for (let i = 0; i < rounds; i++) await Promise.all(apps.map((app) => app.subscriptions.runOnce()))
  }

  it('a paid first link activates once; a due renewal gets one row and one link, and one past_due event', async () => {
    const db = databases[0]!.db
    const plan = (
      await apps[0]!.inject({
        method: 'POST',
        url: '/api/plans',
        headers: { authorization: `Bearer ${apiKey}` },
        payload: { name: 'Weekly', options: [{ asset: offlineAssets[0]!.assetId, amount: '0.01' }], interval: 'week' },
      })
    ).json<CreatedPlan>()
    const subscribed = await apps[1]!.inject({
      method: 'POST',
      url: `/api/plans/${plan.id}/subscriptions`,
      payload: { email: 'payer@example.com' },
    })
    expect(subscribed.statusCode).toBe(201)
    const created = subscribed.json<CreatedSubscription>()
    expect(created).toMatchObject({ status: 'incomplete', renewal: 'pay_each_period', collector: null })

    // The tracker's part, done by hand: the first link is paid.
    await db.update(links).set({ status: 'paid', paidAt: new Date() }).where(eq(links.id, created.dueLinkId!))
    await bothRounds()
    const [active] = await db.select().from(subscriptions).where(eq(subscriptions.id, created.id))
    expect(active).toMatchObject({ status: 'active', paidPeriods: 1 })

    // The period ends: both processes see it due at once, many times.
    await db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, created.id))
    await bothRounds(4)
    const renewals = await db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.subscriptionId, created.id))
    expect(renewals.map((r) => [r.period, r.status, r.method])).toEqual(
      expect.arrayContaining([
        [0, 'paid', 'link'],
        [1, 'pending', 'link'],
      ]),
    )
    expect(renewals).toHaveLength(2)
    const [{ value: periodLinks }] = (await db
      .select({ value: count() })
      .from(links)
      .where(eq(links.subscriptionId, created.id))) as [{ value: number }]
    expect(periodLinks).toBe(2)

    // Past the grace: past_due, announced once.
    await db
      .update(subscriptionRenewals)
      .set({ dueAt: new Date(Date.now() - 120_000) })
      .where(and(eq(subscriptionRenewals.subscriptionId, created.id), eq(subscriptionRenewals.period, 1)))
    await bothRounds()
    const [pastDue] = await db.select().from(subscriptions).where(eq(subscriptions.id, created.id))
    expect(pastDue!.status).toBe('past_due')
    const announced = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.merchant, merchant.id), eq(webhookEvents.type, 'subscription.past_due')))
    expect(announced).toHaveLength(1)
  })
})
