/**
 * For the server's Bitcoin test files: an app on Bitcoin regtest read through one Esplora (the
 * regtest devnet's or the Esplora fixture), a merchant signed in with its watch-only key saved,
 * and the few requests every such test makes.
 */
import { startBitcoinDevnet, type BitcoinDevnet } from '@paylink/devnet/bitcoin'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import type { AppConfig } from '../app.js'
import { outputIndex, regtestBtc, regtestChain, regtestNetwork, type Coin } from './bitcoinRegtest.js'
import { madeInBeforeAll, offlineAppConfig, signInSolana, testOrigin, useOfflineApps } from './offlineApp.js'

export interface BitcoinTestApp {
  server: FastifyInstance
  /** The signed-in merchant's cookie and origin. */
  headers: Record<string, string>
  /** POST /api/links: a BTC link of `amount`, its id and derived deposit address; throws unless 201. */
  newLink(amount: string, title?: string): Promise<{ id: string; address: string }>
  /** GET /api/links/:id, the public link view. */
  link(id: string): Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- the tests read it as JSON
  /** One pass of the tracker. */
  pass(): Promise<void>
  /** The types of the merchant's events (GET /api/events, what webhooks carry) about one payment, oldest first. */
  eventsOf(paymentId: string): Promise<string[]>
}

/**
 * A link paid by a replacement (RBF, or a conflicting spend) that pays the same address: `paid`
 * once, the original dropped (failed) and the replacement confirmed.
 */
export function expectPaidByReplacement(
  link: {
    status: string
    options: unknown[]
    payments: Array<{ txHash: string; status: string; reason: string | null }>
  },
  { paid, original, replacement }: { paid: string; original: string; replacement: string },
) {
  expect(link.status).toBe('paid')
  expect(link.options[0]).toMatchObject({ paid })
  expect(Object.fromEntries(link.payments.map((p) => [p.txHash, [p.status, p.reason]]))).toEqual({
    [original]: ['failed', 'dropped'],
    [replacement]: ['confirmed', null],
  })
}

/**
 * Call at the top of a test file; `start` (in beforeAll) builds the app. Solana is there for the
 * sign-in only, the tracker follows Bitcoin alone; every pass re-reads pending payments, and a
 * transaction gone from the node is decided at once.
 */
export function useBitcoinTestApp() {
  const context = useOfflineApps({
    siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
  })
  async function start({
    esploraUrl,
    networkName,
    receivingKey,
    rpcTimeoutMs = 5000,
    overrides = {},
  }: {
    esploraUrl: string
    networkName: string
    /** The merchant's account tpub, saved as its Bitcoin receiving key. */
    receivingKey: string
    rpcTimeoutMs?: number
    overrides?: Partial<AppConfig>
  }): Promise<BitcoinTestApp> {
    const base = offlineAppConfig(context.database)
    const server = await context.app({
      // No EVM network: its dead RPC would fail the passes.
      networks: [
        ...base.networks.filter((n) => n.caipNetworkId.startsWith('solana:')),
        regtestNetwork(esploraUrl, networkName),
      ],
      assets: [regtestBtc],
      paymentLinks: {
        submitCheckTimeoutMs: 2000,
        tracker: { only: [regtestChain], rpcTimeoutMs, settings: { recheckMs: 0, missingGraceMs: 0 } },
      },
      ...overrides,
    })
    const { cookie } = await signInSolana(server)
    const headers = { cookie, origin: testOrigin }
    const saved = await server.inject({
      method: 'PUT',
      url: '/api/merchant/receiving-keys/bip122',
      headers,
      payload: { key: receivingKey },
    })
    if (saved.statusCode !== 200) throw new Error(`saving the receiving key: ${saved.statusCode} ${saved.body}`)
    return {
      server,
      headers,
      async newLink(amount, title = `Order ${amount}`) {
        const res = await server.inject({
          method: 'POST',
          url: '/api/links',
          headers,
          payload: { title, options: [{ asset: regtestBtc.assetId, amount }] },
        })
        if (res.statusCode !== 201) throw new Error(`POST /api/links: ${res.statusCode} ${res.body}`)
        return { id: res.json().id as string, address: res.json().options[0].depositAddress as string }
      },
      link: async (id) => (await server.inject({ method: 'GET', url: `/api/links/${id}` })).json(),
      pass: () => server.paymentLinks.tracker.runOnce(),
      async eventsOf(paymentId) {
        const res = await server.inject({ method: 'GET', url: '/api/events?limit=500', headers })
        if (res.statusCode !== 200) throw new Error(`GET /api/events: ${res.statusCode} ${res.body}`)
        const { events } = res.json<{ events: Array<{ type: string; data: { payment: { id: string } | null } }> }>()
        return events.filter((e) => e.data.payment?.id === paymentId).map((e) => e.type)
      },
    }
  }
  return { context, start }
}

/**
 * The app on the REAL regtest devnet (packages/devnet/src/bitcoin), blocks only when a test mines:
 * call at the top of a test file; the devnet and the app start in beforeAll and the devnet closes
 * after the suite.
 */
export function useBitcoinDevnetApp({
  receivingKey,
  overrides,
}: {
  receivingKey: string
  overrides?: Partial<AppConfig>
}) {
  const bitcoinApp = useBitcoinTestApp()
  let devnet: BitcoinDevnet | undefined
  let app: BitcoinTestApp | undefined
  beforeAll(async () => {
    devnet = await startBitcoinDevnet({ blockIntervalMs: 0 })
    app = await bitcoinApp.start({
      esploraUrl: devnet.esploraUrl,
      networkName: 'Bitcoin regtest (devnet)',
      receivingKey,
      ...(overrides ? { overrides } : {}),
    })
  }, 120_000)
  afterAll(async () => {
    await devnet?.close()
  })
  return {
    context: bitcoinApp.context,
    get devnet() {
      return madeInBeforeAll(devnet, 'the devnet')
    },
    get app() {
      return madeInBeforeAll(app, 'the app')
    },
    /** A confirmed coin of `address`'s, paid by the devnet's faucet and mined. */
    async fund(address: string, sats: bigint): Promise<Coin> {
      const txid = await this.devnet.faucet(address, sats)
      await this.devnet.mine(1)
      const vout = await outputIndex(this.devnet.esploraUrl, txid, address, sats)
      if (vout < 0) throw new Error(`the faucet's transaction ${txid} pays no ${sats} sats to ${address}`)
      return { txid, vout, value: sats }
    },
  }
}
