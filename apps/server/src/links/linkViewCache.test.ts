import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { linkOptions, links } from '../db/schema.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { announceLinkChanged } from './announceLinkChanged.js'
import { createLinkViewCache, type LinkViewCache } from './linkViewCache.js'

let database: Database
let cache: LinkViewCache
let n = 0

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
}, 60_000)
afterAll(async () => {
  await database?.close()
})
afterEach(async () => {
  await cache?.close()
})

/** A link with one Test USD option, written straight to the tables (no chain needed). */
async function insertLink({ title = 'Mugs', expiresAt = null as Date | null } = {}): Promise<string> {
  const id = `lnk_cache${++n}`
  await database.db.insert(links).values({ id, merchant: 'eip155:1:0xabc', merchantAddress: '0xabc', title, expiresAt })
  await database.db.insert(linkOptions).values({
    id: `opt_cache${n}`,
    linkId: id,
    position: 0,
    assetId: 'eip155:31337/erc20:0x5fbdb2315678afecb367f032d93f642f64180aa3',
    caipNetworkId: 'eip155:31337',
    symbol: 'TUSD',
    decimals: 6,
    tokenAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    amount: '10000000',
    recipient: '0x00000000000000000000000000000000000000aa',
  })
  return id
}

const started = async () => {
  cache = createLinkViewCache({ database })
  await cache.start()
  return cache
}

describe('link views held in memory until the database announces a change (PGlite)', () => {
  it('serves the held view without reading the database, and the JSON is made once per version', async () => {
    const id = await insertLink()
    const views = await started()
    const first = await views.read(id)
    expect(first?.link.title).toBe('Mugs')
    expect(JSON.parse(first!.json)).toEqual(first!.link)
    const loads = views.stats().loads
    const again = await views.read(id)
    expect(views.stats().loads, 'a second read must not go to the database').toBe(loads)
    expect(again, 'the same version object, so things made from it are made once').toBe(first)

    // A write that (against the rules) leaves the version alone is not seen: nothing announced it.
    await database.db.update(links).set({ title: 'Changed quietly' }).where(eq(links.id, id))
    expect((await views.read(id))?.link.title).toBe('Mugs')
  })

  it("memo makes a thing once per version of the link (the pay page's HTML parts), and again after a change", async () => {
    const id = await insertLink({ title: 'Cups' })
    const views = await started()
    const made: string[] = []
    const page = async () =>
      (await views.read(id))!.memo(
        'checkout-parts',
        (v) => (made.push(`${v.link.title} v${v.link.version}`), `<h1>${v.link.title}</h1>`),
      )
    expect(await page()).toBe('<h1>Cups</h1>')
    expect(await page()).toBe('<h1>Cups</h1>')
    expect(await page()).toBe('<h1>Cups</h1>')
    expect(made, 'three requests of one version must render once').toEqual(['Cups v1'])
    await database.db.transaction(async (tx) => {
      await tx.update(links).set({ title: 'Bowls' }).where(eq(links.id, id))
      await announceLinkChanged(tx, id)
    })
    expect(await page()).toBe('<h1>Bowls</h1>')
    expect(await page()).toBe('<h1>Bowls</h1>')
    expect(made, 'the new version renders once, never served stale').toEqual(['Cups v1', 'Bowls v2'])
  })

  it('a committed version bump (announceLinkChanged) drops the view before the commit returns', async () => {
    const id = await insertLink()
    const views = await started()
    const heard: Array<string | null> = []
    views.onInvalidate((linkId) => heard.push(linkId))
    expect((await views.read(id))?.link.version).toBe(1)
    await database.db.transaction(async (tx) => {
      await tx.update(links).set({ title: 'Renamed' }).where(eq(links.id, id))
      expect(await announceLinkChanged(tx, id)).toBe(true)
    })
    expect(heard).toEqual([id])
    const after = await views.read(id)
    expect(after?.link).toMatchObject({ title: 'Renamed', version: 2 })
    expect(await announceLinkChanged(database.db, 'lnk_missing')).toBe(false)
  })

  it('a rolled-back change announces nothing', async () => {
    const id = await insertLink()
    const views = await started()
    await views.read(id)
    const heard: Array<string | null> = []
    views.onInvalidate((linkId) => heard.push(linkId))
    await expect(
      database.db.transaction(async (tx) => {
        await announceLinkChanged(tx, id)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(heard).toEqual([])
    expect((await views.read(id))?.link.version).toBe(1)
  })

  it('a read that began before a change is not kept: the next read loads again', async () => {
    const id = await insertLink()
    const views = await started()
    // PGlite runs one statement at a time: the bump lands between the load's statements.
    const early = views.read(id)
    await announceLinkChanged(database.db, id)
    await early
    const loads = views.stats().loads
    expect((await views.read(id))?.link.version).toBe(2)
    expect(views.stats().loads, 'the early load must not have been stored').toBe(loads + 1)
  })

  it('an open link past its expiry reads as expired from the held rows, with no timer and no query', async () => {
    const expiresAt = new Date(Date.now() + 60_000)
    const id = await insertLink({ expiresAt })
    const views = await started()
    expect((await views.read(id))?.link.status).toBe('open')
    const loads = views.stats().loads
    const later = await views.read(id, new Date(expiresAt.getTime() + 1))
    expect(later?.link.status).toBe('expired')
    expect(JSON.parse(later!.json).status).toBe('expired')
    expect(views.stats().loads).toBe(loads)
  })

  it('holds nothing before it listens, and nothing for a link that does not exist', async () => {
    const id = await insertLink()
    cache = createLinkViewCache({ database })
    await cache.read(id)
    await cache.read(id)
    expect(cache.stats()).toMatchObject({ entries: 0, loads: 2, live: false })
    await cache.start()
    expect(await cache.read('lnk_missing')).toBeNull()
    expect(cache.stats().entries).toBe(0)
  })

  it('keeps at most maxEntries, dropping the least recently read', async () => {
    const ids = [await insertLink(), await insertLink(), await insertLink()]
    cache = createLinkViewCache({ database, maxEntries: 2 })
    await cache.start()
    await cache.read(ids[0]!)
    await cache.read(ids[1]!)
    await cache.read(ids[0]!)
    await cache.read(ids[2]!)
    expect(cache.stats().entries).toBe(2)
    const loads = cache.stats().loads
    await cache.read(ids[0]!)
    expect(cache.stats().loads, 'the most recently read is still held').toBe(loads)
    await cache.read(ids[1]!)
    expect(cache.stats().loads, 'the least recently read went first').toBe(loads + 1)
  })
})
