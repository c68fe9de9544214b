import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { linkOptions, links } from '../db/schema.js'
import { createWatchCache } from './createWatchCache.js'
import { loadWatches } from './loadWatches.js'

const network = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const now = new Date('2026-11-23T12:00:00Z')
const hour = 3600_000
let database: Database

async function addLink(id: string, status: string, expiresAt: Date | null = null, caipNetworkId = network) {
  await database.db
    .insert(links)
    .values({ id, merchant: 'eip155:0xM', merchantAddress: '0xM', title: id, status, expiresAt, createdAt: now })
  await database.db.insert(linkOptions).values({
    id: `opt_${id}`,
    linkId: id,
    position: 0,
    assetId: `${caipNetworkId}/slip44:0`,
    caipNetworkId,
    symbol: 'BTC',
    decimals: 8,
    tokenAddress: null,
    amount: '1000',
    recipient: 'wpkh(tpub…)',
    depositAddress: `bcrt1q${id}`,
  })
}
const setStatus = (id: string, status: string) => database.db.update(links).set({ status }).where(eq(links.id, id))
const ids = (watches: readonly { optionId: string }[]) => watches.map((w) => w.optionId).sort()

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
  await addLink('open1', 'open')
  await addLink('paid1', 'paid')
  await addLink('late1', 'expired', new Date(now.getTime() - hour))
  await addLink('other1', 'open', null, 'bip122:000000000933ea01ad0ee984209779ba')
}, 60_000)
afterAll(async () => database?.close())

describe('createWatchCache', () => {
  it('follows loadWatches as links are created, paid, reopened and expire, reading only what changed, and keeps the same list while nothing does', async () => {
    const cache = createWatchCache(database.db, network)
    const first = await cache.load(now)
    expect(ids(first), 'first read').toEqual(ids(await loadWatches(database.db, network, now)))
    expect(ids(first)).toEqual(['opt_late1', 'opt_open1'])
    expect(await cache.load(now), 'nothing changed: the same array').toBe(first)

    await addLink('open2', 'open')
    await setStatus('open1', 'paid')
    await setStatus('paid1', 'partially_paid') // a reverted payment reopened it
    const second = await cache.load(now)
    expect(ids(second), 'created, paid, reopened').toEqual(['opt_late1', 'opt_open2', 'opt_paid1'])
    expect(ids(second)).toEqual(ids(await loadWatches(database.db, network, now)))

    await database.db.update(links).set({ status: 'expired', expiresAt: now }).where(eq(links.id, 'open2'))
    const later = new Date(now.getTime() + 2 * hour)
    expect(ids(await cache.load(later)), 'an expired link is watched for a day').toEqual([
      'opt_late1',
      'opt_open2',
      'opt_paid1',
    ])
    const dayAfter = new Date(now.getTime() + 25 * hour)
    expect(ids(await cache.load(dayAfter)), 'and then no more').toEqual(['opt_paid1'])
    expect(ids(await cache.load(dayAfter))).toEqual(ids(await loadWatches(database.db, network, dayAfter)))
  })

  it('drops a link the merchant deactivates at the next read, as loadWatches leaves it out, and takes it back when reactivated', async () => {
    await addLink('stopped1', 'open')
    await addLink('stopped2', 'open')
    const deactivate = (id: string, at: Date | null) =>
      database.db.update(links).set({ deactivatedAt: at }).where(eq(links.id, id))
    await deactivate('stopped2', now)
    const cache = createWatchCache(database.db, network)
    const first = ids(await cache.load(now))
    expect(first, 'a link deactivated before the first read').not.toContain('opt_stopped2')
    expect(first).toContain('opt_stopped1')
    expect(first).toEqual(ids(await loadWatches(database.db, network, now)))

    await deactivate('stopped1', now)
    const next = ids(await cache.load(now))
    expect(next, 'a link deactivated after it').not.toContain('opt_stopped1')
    expect(next).toEqual(ids(await loadWatches(database.db, network, now)))

    await deactivate('stopped2', null)
    const back = ids(await cache.load(now))
    expect(back, 'a reactivated link').toContain('opt_stopped2')
    expect(back).toEqual(ids(await loadWatches(database.db, network, now)))
  })
})

describe('late-payment grace and watching', () => {
  it('keeps an expired link with a grace longer than a day watched until its grace ends (loadWatches and the cache alike), then drops it', async () => {
    const day = 24 * hour
    const expiredAt = new Date(now.getTime() - 2 * day)
    await addLink('grace7', 'expired', expiredAt)
    await database.db
      .update(links)
      .set({ latePaymentGraceSeconds: 7 * 24 * 3600 })
      .where(eq(links.id, 'grace7'))
    await addLink('nograce', 'expired', expiredAt)
    const cache = createWatchCache(database.db, network)
    const watchedAt = async (at: Date) => {
      const direct = ids(await loadWatches(database.db, network, at))
      expect(ids(await cache.load(at)), `the cache agrees with loadWatches at ${at.toISOString()}`).toEqual(direct)
      return direct
    }
    // Two days after expiry: the link without grace stopped being watched after a day; the one with 7 days' grace is still watched.
    expect(await watchedAt(now)).toContain('opt_grace7')
    expect(await watchedAt(now)).not.toContain('opt_nograce')
    // Just before the grace ends: still watched; just after: dropped (by the cache too, with no row changed).
    expect(await watchedAt(new Date(expiredAt.getTime() + 7 * day - 1000))).toContain('opt_grace7')
    expect(await watchedAt(new Date(expiredAt.getTime() + 7 * day + 1000))).not.toContain('opt_grace7')
  })
})
