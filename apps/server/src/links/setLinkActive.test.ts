import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { linkOptions } from '../db/schema.js'
import { loadWatches } from '../payments/loadWatches.js'
import { bearer, createLinkOk, merchantApiKey, otherMerchantAddress, postLink } from '../testing/merchantApi.js'
import { evmChain, offlineAssets, testOrigin, useOfflineApps } from '../testing/offlineApp.js'

const context = useOfflineApps()
let app: FastifyInstance
let key: string

const call = (method: 'GET' | 'POST', url: string, apiKey = key) =>
  app.inject({ method, url, headers: { ...bearer(apiKey), origin: testOrigin } })
const createLink = async (apiKey = key) =>
  (await createLinkOk(app, apiKey, { title: 'Mug', options: [{ asset: offlineAssets[1]!.assetId, amount: '12' }] })).id

beforeAll(async () => {
  app = await context.app({ limits: { maxOpenLinksPerMerchant: 2 } })
  key = await merchantApiKey(context.database, 'active')
}, 60_000)

describe('POST /api/links/:id/deactivate and /reactivate', () => {
  it('switches a link off (the public view says so, the tracker stops watching it, it frees a place under the cap) and on again', async () => {
    const id = await createLink()
    // The offline app makes no forwarders: the deposit address the tracker would watch is a fixture.
    await context.database.db
      .update(linkOptions)
      .set({ depositAddress: '0x000000000000000000000000000000000000d0d0' })
      .where(eq(linkOptions.linkId, id))
    const watched = async () => (await loadWatches(context.database.db, evmChain)).some((w) => w.linkId === id)
    expect(await watched()).toBe(true)
    const before = (await call('GET', `/api/links/${id}`)).json()
    expect(before.deactivatedAt).toBeNull()

    const off = await call('POST', `/api/links/${id}/deactivate`)
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().deactivatedAt).toEqual(expect.any(String))
    expect(off.json().version).toBeGreaterThan(before.version)
    const publicView = (await call('GET', `/api/links/${id}`)).json()
    expect(publicView.deactivatedAt).toBe(off.json().deactivatedAt)
    expect(await watched()).toBe(false)
    // Twice changes nothing more.
    const again = await call('POST', `/api/links/${id}/deactivate`)
    expect([again.json().deactivatedAt, again.json().version]).toEqual([off.json().deactivatedAt, off.json().version])

    // Off, it does not hold one of the two open places.
    await createLink()
    const second = await createLink()
    const third = await postLink(app, key, {
      title: 'One too many',
      options: [{ asset: offlineAssets[1]!.assetId, amount: '1' }],
    })
    expect([third.statusCode, third.json().error.code]).toEqual([409, 'TOO_MANY_OPEN_LINKS'])
    // Reactivating counts against the cap like a new link.
    const refused = await call('POST', `/api/links/${id}/reactivate`)
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'TOO_MANY_OPEN_LINKS'])
    expect((await call('POST', `/api/links/${second}/deactivate`)).statusCode).toBe(200)
    const on = await call('POST', `/api/links/${id}/reactivate`)
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json().deactivatedAt).toBeNull()
    expect(await watched()).toBe(true)
  })

  it("answers 404 for another merchant's link or none, and 401 without credentials", async () => {
    // Its own merchant: the first test filled this one's two open places.
    const id = await createLink(
      await merchantApiKey(context.database, 'y', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'),
    )
    const otherKey = await merchantApiKey(context.database, 'x', otherMerchantAddress)
    const foreign = await call('POST', `/api/links/${id}/deactivate`, otherKey)
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'LINK_NOT_FOUND'])
    expect((await call('GET', `/api/links/${id}`)).json().deactivatedAt).toBeNull()
    expect((await call('POST', '/api/links/lnk_nope/deactivate')).statusCode).toBe(404)
    expect((await app.inject({ method: 'POST', url: `/api/links/${id}/deactivate` })).statusCode).toBe(401)
  })
})
