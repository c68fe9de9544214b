/**
 * Test harness for payment links: the devnet (two anvils + Test USD), a database, apps built
 * on them with short worker intervals, a merchant API key, and wallet helpers.
 */
import { startDevnet, type Devnet } from '@paylink/devnet'
import { chainCores } from '@paylink/chains/core'
import { anvilWallet } from '@paylink/chains/eip155/devnet'
import type { CreatedLink, Link, Network, Payment } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { createPublicClient, http, type Address, type Hash, type PublicClient } from 'viem'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { buildApp, type AppConfig, type SubscriptionOptions } from '../app.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { devnetNetworks } from '../devnet/devnetNetworks.js'
import type { PaymentLinksOptions } from '../paymentLinksServices.js'
import { merchantOf, type Merchant } from '../merchants/merchant.js'

export const L1 = 'eip155:31337'
export const L2 = 'eip155:31338'

export interface Harness {
  devnet: Devnet
  database: Database
  merchant: Merchant
  apiKey: string
  assets: { eth: string; eth2: string; tusd: string }
  networks(confirmations?: number): Network[]
  /** A new app on the harness database (workers not started); closed by `close()`. */
  app(options?: {
    confirmations?: number
    paymentLinks?: PaymentLinksOptions
    database?: Database
    subscriptions?: SubscriptionOptions
    receiptEmail?: AppConfig['receiptEmail']
    /** The server reads L1 here instead of at anvil itself: a proxy that fails, lags or switches chains. */
    l1RpcUrl?: string
  }): Promise<FastifyInstance>
  createLink(app: FastifyInstance, body: Record<string, unknown>): Promise<CreatedLink>
  submit(app: FastifyInstance, linkId: string, txHash: string, caipNetworkId?: string): Promise<Payment>
  getLink(app: FastifyInstance, linkId: string): Promise<Link>
  payEth(options: { to: Address; amount: string; chainId?: number; from?: Address }): Promise<Hash>
  payTusd(options: { to: Address; amount: string; from?: Address; gas?: bigint }): Promise<Hash>
  rpc(chainId: number, method: string, params?: unknown[]): Promise<unknown>
  mine(blocks: number, chainId?: number): Promise<void>
  client(chainId?: number): PublicClient
  close(): Promise<void>
}

export const fastPaymentLinks: PaymentLinksOptions = {
  tracker: { pollIntervalMs: 50, idleRecheckMs: 0, settings: { missingGraceMs: 60_000, leaseMs: 5000 } },
  webhooks: { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 400, timeoutMs: 2000 },
  heartbeatMs: 200,
}

/**
 * The harness on `database`, or on an in-memory PGlite database of its own (closed by `close()`) when none is given.
 * The EVM chains only, unless `allChains`: then the Solana devnet and the Bitcoin regtest devnet (blocks only on
 * `devnet.bitcoin.mine`) too, in the apps' networks and assets, for tests about one thing on every chain family.
 */
export async function startHarness(given?: Database, { allChains = false } = {}): Promise<Harness> {
  const database = given ?? (await openDatabase({ dataDir: ':memory:' }))
  const devnet = await startDevnet(allChains ? { bitcoin: { blockIntervalMs: 0 } } : { solana: false, bitcoin: false })
  const apps: FastifyInstance[] = []
  const rpcUrl = (chainId: number) => devnet.chains.find((c) => c.chainId === chainId)!.rpcUrl
  const demo = devnetNetworks(devnet)
  const tusd = demo.assets.find((a) => !a.native)!.assetId
  const merchant = merchantOf({ namespace: chainCores.eip155.namespace, address: devnet.accounts[1]! })
  const { token: apiKey } = await createApiKey(database.db, merchant, 'tests')
  const clients = new Map<number, PublicClient>()
  const client = (chainId = 31337) => {
    if (!clients.has(chainId))
      clients.set(chainId, createPublicClient({ transport: http(rpcUrl(chainId)), pollingInterval: 20 }))
    return clients.get(chainId)!
  }
  const payer = devnet.accounts[2]!
  const waitMined = async (hash: Hash, chainId: number) => {
    await client(chainId).waitForTransactionReceipt({ hash, pollingInterval: 20 })
    return hash
  }
  const rpc = async (chainId: number, method: string, params: unknown[] = []) => {
    const response = await fetch(rpcUrl(chainId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(`${method}: ${body.error.message}`)
    return body.result
  }

  // The devnet's own endpoints: the server reads them directly (the demo's are paths behind its proxy).
  const networks = (confirmations = 1): Network[] =>
    demo.networks.map((network) => {
      const upstream = demo.upstreams[network.caipNetworkId]!
      return {
        ...network,
        rpcUrl: upstream.rpcUrl,
        ...(upstream.wsUrl ? { wsUrl: upstream.wsUrl } : {}),
        confirmations: network.caipNetworkId === L1 ? confirmations : 1,
      }
    })

  const harness: Harness = {
    devnet,
    database,
    merchant,
    apiKey,
    assets: { eth: `${L1}/slip44:60`, eth2: `${L2}/slip44:60`, tusd },
    networks,
    async app({
      confirmations = 1,
      paymentLinks = fastPaymentLinks,
      database: db = database,
      subscriptions,
      receiptEmail,
      l1RpcUrl,
    } = {}) {
      const config: AppConfig = {
        publicOrigin: 'http://localhost:3000',
        projectId: null,
        demo: false,
        networks: networks(confirmations).map((network) =>
          l1RpcUrl && network.caipNetworkId === L1 ? { ...network, rpcUrl: l1RpcUrl } : network,
        ),
        assets: demo.assets,
        database: db,
        webDist: '/nonexistent',
        paymentLinks,
        // The receivers in these tests listen on 127.0.0.1 over http.
        webhooks: { allowHttp: true, allowPrivateAddresses: true },
        ...(subscriptions ? { subscriptions } : {}),
        ...(receiptEmail ? { receiptEmail } : {}),
      }
      const app = await buildApp(config)
      apps.push(app)
      return app
    },
    async createLink(app, body) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { authorization: `Bearer ${apiKey}` },
        payload: body,
      })
      if (response.statusCode !== 201) throw new Error(`createLink: ${response.statusCode} ${response.body}`)
      return response.json()
    },
    async submit(app, linkId, txHash, caipNetworkId = L1) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/links/${linkId}/payments`,
        payload: { caipNetworkId, txHash },
      })
      if (response.statusCode !== 202) throw new Error(`submit: ${response.statusCode} ${response.body}`)
      return response.json()
    },
    async getLink(app, linkId) {
      return (await app.inject({ method: 'GET', url: `/api/links/${linkId}` })).json()
    },
    async payEth({ to, amount, chainId = 31337, from = payer }) {
      const hash = await anvilWallet(rpcUrl(chainId)).payEth(from, to, amount)
      return waitMined(hash, chainId)
    },
    async payTusd({ to, amount, from = payer, gas }) {
      const hash = await anvilWallet(rpcUrl(31337)).payToken(devnet.token.address, from, to, amount, 6, gas)
      return waitMined(hash, 31337)
    },
    rpc,
    async mine(blocks, chainId = 31337) {
      await anvilWallet(rpcUrl(chainId)).mine(blocks)
    },
    client,
    async close() {
      await Promise.all(apps.map((app) => app.close().catch(() => {})))
      await devnet.stop()
      if (!given) await database.close()
    },
  }
  return harness
}

export interface HarnessSuite {
  database: Database
  h: Harness
  app: FastifyInstance
  /** The devnet account the merchant receives at (account 1). */
  merchant: Address
}

/**
 * A describe-level harness: an in-memory PGlite database, the devnet and one app, set up before
 * the suite's tests and closed after them. Read the fields inside tests, not at import time.
 * `scanFromHead`: the app's tracker makes its first pass before the tests, so the block scan
 * starts at the head and finds every transfer a test makes later.
 */
export function useHarnessSuite({ timeoutMs = 30_000, scanFromHead = false } = {}): HarnessSuite {
  const suite = {} as HarnessSuite
  beforeAll(async () => {
    suite.h = await startHarness()
    suite.database = suite.h.database
    suite.app = await suite.h.app()
    suite.merchant = suite.h.devnet.accounts[1]!
    if (scanFromHead) await suite.app.paymentLinks.tracker.runOnce()
  }, timeoutMs)
  afterAll(() => suite.h?.close())
  return suite
}

export { eventually } from './eventually.js'
