import { PAYLINK_COLLECTOR_ADDRESS, collectorAbi, collectorSubscribeArgs } from '@paylink/chains/eip155/core'
import type { Subscription } from '@paylink/shared'
import { createWalletClient, erc20Abi, http, parseUnits, type Address, type Hex } from 'viem'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { buildApp, type SubscriptionOptions } from '../app.js'
import { devnetNetworks } from '../devnet/devnetNetworks.js'
import { faultyAppSettings } from '../testing/faultChecks.js'
import { eventually, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { startSmtpTestServer, type SmtpTestServer } from '../testing/smtpTestServer.js'

export const MONTH = 30 * 86_400

/** Anvil's 10th default account: funded with ether, unlocked; here the EVM collector's gas key only. */
export const evmCollectorKey: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

/**
 * A payer on the EVM devnet (an unlocked anvil account): `approve` sets the collector contract's
 * Test USD allowance; `consent` is what the subscribe page has them sign: the subscription's
 * terms on the contract, then an allowance of a year of renewals (60 Test USD).
 */
export function evmPayer(h: Harness, payer: Address) {
  const wallet = createWalletClient({ transport: http(h.devnet.chains[0]!.rpcUrl), account: payer })
  const mined = async (hash: Hex) => h.client().waitForTransactionReceipt({ hash, pollingInterval: 20 })
  const approve = async (amount: bigint) =>
    mined(
      await wallet.writeContract({
        chain: null,
        address: h.devnet.token.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [PAYLINK_COLLECTOR_ADDRESS, amount],
      }),
    )
  return {
    approve,
    async consent(terms: NonNullable<Subscription['collector']>) {
      await mined(
        await wallet.writeContract({
          chain: null,
          address: PAYLINK_COLLECTOR_ADDRESS,
          abi: collectorAbi,
          functionName: 'subscribe',
          args: collectorSubscribeArgs(terms),
        }),
      )
      await approve(parseUnits('60', 6))
    },
  }
}

/**
 * A second app on the test app's database and clock whose reads and sends on `caipNetworkId` go
 * through `rpcUrl` (a fault proxy), with the fault tests' settings; its scheduler not started.
 */
export function faultySubscriptionsApp(
  t: SubscriptionsTestApp,
  caipNetworkId: string,
  rpcUrl: string,
  subscriptions: SubscriptionOptions,
): Promise<FastifyInstance> {
  return buildApp({
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks: t.h.networks().map((n) => (n.caipNetworkId === caipNetworkId ? { ...n, rpcUrl } : n)),
    assets: devnetNetworks(t.h.devnet).assets,
    database: t.h.database,
    webDist: '/nonexistent',
    ...faultyAppSettings([caipNetworkId]),
    subscriptions: { intervalMs: 50, ...subscriptions },
  }).then((app) => {
    app.subscriptions.clock.advance(t.app.subscriptions.clock.offsetSeconds())
    return app
  })
}

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
