import type { PaymentList } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { newId } from '../db/newId.js'
import { x402Payments } from '../db/schema.js'
import {
  bearer,
  useMerchantApp,
  ethOrTusdLink,
  insertPaymentRow,
  otherMerchantAddress,
} from '../testing/merchantApi.js'
import { offlineAssets } from '../testing/offlineApp.js'

const merchant = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const merchantApp = useMerchantApp({}, 'x402 list', merchant)
const tusd = offlineAssets[1]!

const txHashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
let tx = 1000

/** An x402 payment as the facilitator records it (a fixture: the settle path is facilitator.test.ts's). */
async function insertX402(createdAt: string, owner = merchant, description = 'Weather now') {
  const id = newId('pay')
  await merchantApp.context.database.db.insert(x402Payments).values({
    id,
    merchant: `eip155:${owner}`,
    caipNetworkId: tusd.caipNetworkId,
    assetId: tusd.assetId,
    scheme: 'exact',
    symbol: tusd.symbol,
    decimals: tusd.decimals,
    amount: '10000',
    payer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    payTo: owner,
    authorizationNonce: txHashOf(++tx),
    txHash: txHashOf(tx),
    resourceUrl: 'https://api.example/weather',
    description,
    createdAt: new Date(createdAt),
  })
  return id
}

const listOk = async (query = ''): Promise<PaymentList> => {
  const response = await merchantApp.app.inject({
    method: 'GET',
    url: `/api/payments${query}`,
    headers: bearer(merchantApp.key),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('GET /api/payments with x402 payments', () => {
  it('pages link and x402 payments together, newest first, each once, and sums both in the totals', async () => {
    const { options } = await ethOrTusdLink(merchantApp.app, merchantApp.context.database, merchantApp.key, 'Shop')
    const option = options.find((o) => o.assetId === tusd.assetId)!
    const expected: string[] = []
    for (let i = 0; i < 7; i++) {
      const at = `2025-06-01T00:00:${String(10 + i).padStart(2, '0')}.000Z`
      if (i % 2 === 0) expected.push(await insertX402(at))
      else {
        const id = newId('pay')
        await insertPaymentRow(merchantApp.context.database, option, {
          id,
          txHash: txHashOf(++tx),
          status: 'confirmed',
          optionId: option.id,
          amount: '1000000',
          confirmations: 1,
          createdAt: new Date(at),
        })
        expected.push(id)
      }
    }
    await insertX402('2025-06-01T00:00:30.000Z', otherMerchantAddress)
    expected.reverse()

    const seen: Array<{ id: string; kind: string }> = []
    let after: string | null = null
    let pages = 0
    do {
      const page: PaymentList = await listOk(`?limit=3${after ? `&after=${after}` : ''}`)
      expect(page.matched).toBe(7)
      expect(page.totals).toEqual([expect.objectContaining({ asset: tusd.assetId, confirmed: '3.04', count: 7 })])
      seen.push(...page.payments.map((p) => ({ id: p.id, kind: p.kind })))
      after = page.nextCursor
      expect(page.hasMore).toBe(after !== null)
      pages++
    } while (after)
    expect(pages).toBe(3)
    expect(seen.map((p) => p.id)).toEqual(expected)
    expect(seen.map((p) => p.kind)).toEqual(['x402', 'link', 'x402', 'link', 'x402', 'link', 'x402'])
  })

  it('filters x402 payments like the others: a status other than confirmed leaves them out, q finds the description', async () => {
    const id = await insertX402('2025-07-01T00:00:00.000Z', merchant, 'Unique forecast')
    expect((await listOk('?status=pending')).payments.some((p) => p.kind === 'x402')).toBe(false)
    const found = await listOk('?q=unique%20fore')
    expect(found.payments.map((p) => [p.id, p.kind, p.linkId, p.linkTitle])).toEqual([
      [id, 'x402', null, 'Unique forecast'],
    ])
    expect(found.payments[0]!.x402).toEqual({
      resourceUrl: 'https://api.example/weather',
      description: 'Unique forecast',
    })
  })
})
