import {
  nativeAssetId,
  parseUnits,
  type CreatedPlan,
  type CreatedSubscription,
  type Subscription,
} from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantAccountKey } from '../testing/bitcoinRegtest.js'
import { eventually, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { startSmtpTestServer, type SmtpTestServer } from '../testing/smtpTestServer.js'

// Renewals on the other chain families (#33): one devnet (anvil, the Solana devnet, Bitcoin
// regtest) and one app with its tracker and renewal scheduler running for the whole file.
const MONTH = 30 * 86_400
let h: Harness
let app: FastifyInstance
let smtp: SmtpTestServer

beforeAll(async () => {
  smtp = await startSmtpTestServer()
  h = await startHarness(undefined, { allChains: true })
  app = await h.app({
    subscriptions: { devnetClock: true, intervalMs: 50 },
    receiptEmail: { smtpUrl: smtp.url, from: 'Paylink <subscriptions@localhost>' },
  })
  app.paymentLinks.start()
  app.subscriptions.start()
}, 120_000)
afterAll(async () => {
  await h?.close()
  await smtp?.close()
})

const api = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown, merchant = false) => {
  const response = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(merchant ? { headers: { authorization: `Bearer ${h.apiKey}` } } : {}),
  })
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return response.json() as T
}

describe('subscriptions on Bitcoin', () => {
  it('a monthly BTC plan renews by link: the renewal has its own address, is e-mailed, and paying it renews', async () => {
    const bitcoin = h.devnet.bitcoin!
    const btc = nativeAssetId(bitcoin.caipNetworkId)
    const plan = await api<CreatedPlan>(
      'POST',
      '/api/plans',
      {
        name: 'Node hosting',
        options: [{ asset: btc, amount: '0.001', recipient: merchantAccountKey().publicExtendedKey }],
        interval: 'month',
      },
      true,
    )
    expect(plan.automaticRenewal).toBe(false)
    const created = await api<CreatedSubscription>('POST', `/api/plans/${plan.id}/subscriptions`, {
      email: 'btc-payer@example.com',
    })
    const view = () => api<Subscription>('GET', `/api/subscriptions/${created.id}?token=${created.manageToken}`)
    const pay = async (linkId: string) => {
      const address = (await h.getLink(app, linkId)).options[0]!.depositAddress!
      await bitcoin.faucet(address, parseUnits('0.001', 8))
      await bitcoin.mine(1)
      return address
    }
    const firstAddress = await pay(created.dueLinkId!)
    await eventually(async () => expect(await view()).toMatchObject({ status: 'active', paidPeriods: 1 }), 20_000)

    await api('POST', '/devnet/clock', { seconds: MONTH + 60 })
    const due = await eventually(async () => {
      const current = await view()
      expect(current.dueLinkId).not.toBeNull()
      return current
    }, 15_000)
    const mail = await eventually(() => {
      const sent = smtp.received.find((m) => m.text?.includes(`/pay/${due.dueLinkId}`))
      expect(sent).toBeDefined()
      return sent!
    }, 10_000)
    expect(mail.subject).toBe(`Node hosting: your next payment to ${h.merchant.address}`)
    expect(mail.text).toMatch(new RegExp(`/subscriptions/${created.id}\\?token=`))
    const renewalAddress = await pay(due.dueLinkId!)
    expect(renewalAddress).not.toBe(firstAddress)
    await eventually(async () => expect(await view()).toMatchObject({ status: 'active', paidPeriods: 2 }), 20_000)
  }, 60_000)
})
