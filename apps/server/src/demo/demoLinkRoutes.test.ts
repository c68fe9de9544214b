import { describe, expect, it } from 'vitest'
import { offlineAssets, useOfflineApps } from '../testing/offlineApp.js'
import { demoMerchant, demoShopName } from './createDemoLink.js'

const context = useOfflineApps()
const tusd = offlineAssets.find((a) => a.symbol === 'TUSD')!

describe('POST /devnet/demo-link', () => {
  it("gives every visitor a fresh 12 TUSD link of the demo shop, shown under the shop's name", async () => {
    const app = await context.app({
      demo: true,
      assets: offlineAssets.map((a) => (a === tusd ? { ...a, peggedTo: 'USD' as const } : a)),
    })
    const first = await app.inject({ method: 'POST', url: '/devnet/demo-link' })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.headers['cache-control']).toBe('no-store')
    const { id, payPath } = first.json() as { id: string; payPath: string }
    expect(payPath).toBe(`/pay/${id}`)

    const view = (await app.inject({ method: 'GET', url: `/api/links/${id}` })).json()
    expect(view.merchant.displayName, 'shop name on the checkout').toBe(demoShopName)
    expect(
      view.options.map((o: { asset: string; amount: string; recipient: string }) => [o.asset, o.amount, o.recipient]),
    ).toEqual([[tusd.assetId, '12', demoMerchant.address]])
    expect(view.status).toBe('open')
    const minutes = (Date.parse(view.expiresAt) - Date.now()) / 60_000
    expect(minutes, 'expires in about an hour').toBeGreaterThan(55)
    expect(minutes).toBeLessThanOrEqual(60)

    // A second visitor gets a link of their own (one paid link must not show Paid to the next).
    const second = await app.inject({ method: 'POST', url: '/devnet/demo-link' })
    expect(second.statusCode).toBe(201)
    expect(second.json().id).not.toBe(id)
  })

  it('does not exist outside the demo', async () => {
    const app = await context.app({ demo: false })
    expect((await app.inject({ method: 'POST', url: '/devnet/demo-link' })).statusCode).toBe(404)
  })

  it('is in the OpenAPI document of the demo', async () => {
    const app = await context.app({ demo: true })
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(doc.paths['/devnet/demo-link']?.post?.operationId).toBe('createDemoLink')
  })
})
