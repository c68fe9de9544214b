import type { Subscription } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { SubscriptionOptions } from '../app.js'
import { eventually, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { startSmtpTestServer, type SmtpTestServer } from '../testing/smtpTestServer.js'

export const MONTH = 30 * 86_400

export interface SubscriptionsTestApp {
  h: Harness
  app: FastifyInstance
  /** Where the payer's renewal e-mails arrive. */
  smtp: SmtpTestServer
  /** A JSON request to the app (as the merchant with `merchant`); a failure throws. */
  api<T>(method: 'GET' | 'POST', url: string, payload?: unknown, merchant?: boolean): Promise<T>
  /** Moves the clock `seconds` forward, then waits until the subscription `view` reads has a renewal link to pay. */
  advanceUntilDue(view: () => Promise<Subscription>, seconds: number): Promise<Subscription>
  close(): Promise<void>
}

/**
 * The devnet harness and one app on it with the tracker and the renewal scheduler running (50 ms
 * rounds, `POST /devnet/clock`), its e-mails going to a local SMTP server: what the subscriptions'
 * devnet tests share.
 */
export async function startSubscriptionsTestApp(
  subscriptions: SubscriptionOptions,
  { allChains = false } = {},
): Promise<SubscriptionsTestApp> {
  const smtp = await startSmtpTestServer()
  const h = await startHarness(undefined, { allChains })
  const app = await h.app({
    subscriptions: { devnetClock: true, intervalMs: 50, ...subscriptions },
    receiptEmail: { smtpUrl: smtp.url, from: 'Paylink <subscriptions@localhost>' },
  })
  app.paymentLinks.start()
  app.subscriptions.start()
  const testApp: SubscriptionsTestApp = {
    h,
    app,
    smtp,
    async api<T>(method: 'GET' | 'POST', url: string, payload?: unknown, merchant = false) {
      const response = await app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        ...(merchant ? { headers: { authorization: `Bearer ${h.apiKey}` } } : {}),
      })
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
      return response.json<T>()
    },
    async advanceUntilDue(view, seconds) {
      await testApp.api('POST', '/devnet/clock', { seconds })
      return eventually(async () => {
        const current = await view()
        expect(current.dueLinkId).not.toBeNull()
        return current
      }, 15_000)
    },
    async close() {
      await h.close()
      await smtp.close()
    },
  }
  return testApp
}
