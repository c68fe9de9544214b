import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startAnvil, type StartAnvilReturnType } from '@paylink/devnet'
import type { Health } from '@paylink/shared'
import { asc, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainIdentities } from '../db/schema.js'
import { payments, webhookDeliveries } from '../db/schema.js'
import { fastPaymentLinks, L1, startHarness, type Harness } from '../testing/paymentLinksHarness.js'

let h: Harness
let merchant: Address
/** Chain B: a fresh anvil under chain A's chain id (31337), as a restarted demo or a mistyped RPC URL gives. */
let chainB: StartAnvilReturnType
let switchable: SwitchableProxy
let chainA: string

beforeAll(async () => {
  h = await startHarness()
  merchant = h.devnet.accounts[1]!
  // anvil stamps block 0 with the second it starts: two anvils started in the same second
  // have the same genesis. Start B in a later second than A's, as any restart is.
  const genesisA = await h.client().getBlock({ blockNumber: 0n })
  while (BigInt(Math.floor(Date.now() / 1000)) <= genesisA.timestamp)
    await new Promise((resolve) => setTimeout(resolve, 50))
  chainB = await startAnvil({ chainId: 31337 })
  chainA = h.devnet.chains.find((c) => c.chainId === 31337)!.rpcUrl
  switchable = await startSwitchableProxy(chainA)
}, 30_000)

afterAll(async () => {
  await switchable?.close()
  await chainB?.stop()
  await h?.close()
})

const hook = 'http://127.0.0.1:9/hook'
/** A one-option link whose webhooks go to `hook` (nothing listens: the outbox rows are what the tests read). */
const hookedLink = (app: FastifyInstance, title: string, asset: string, amount: string) =>
  h.createLink(app, { title, options: [{ asset, amount }], webhookUrl: hook })

/** An app on the shared database whose tracker reads L1 at `rpcUrl` (workers not started: tests call runOnce). */
const appOn = (
  rpcUrl: string,
  { confirmations = 1, settings = {} }: { confirmations?: number; settings?: Record<string, number> } = {},
) =>
  h.app({
    confirmations,
    l1RpcUrl: rpcUrl,
    paymentLinks: {
      ...fastPaymentLinks,
      tracker: { ...fastPaymentLinks.tracker, settings: { ...fastPaymentLinks.tracker?.settings, ...settings } },
    },
  })

/** Every payment's visible state and the count of webhook events: what a halt must leave as it was. */
async function snapshot() {
  const rows = await h.database.db
    .select({
      id: payments.id,
      status: payments.status,
      reason: payments.reason,
      confirmations: payments.confirmations,
      blockHash: payments.blockHash,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .orderBy(asc(payments.id))
  const [events] = await h.database.db.select({ n: count() }).from(webhookDeliveries)
  return { rows, events: events!.n }
}

async function health(app: FastifyInstance): Promise<Health> {
  return (await app.inject({ method: 'GET', url: '/api/health' })).json()
}

describe('chain identity', () => {
  it('records each tracked network on first use: chain id and block 0', async () => {
    const app = await appOn(chainA)
    await app.paymentLinks.tracker.runOnce()
    const [row] = await h.database.db.select().from(chainIdentities).where(eq(chainIdentities.caipNetworkId, L1))
    const genesisA = await h.client().getBlock({ blockNumber: 0n })
    expect(row?.identity).toBe(`chain 31337, block 0 ${genesisA.hash}`)
    expect(app.paymentLinks.tracker.status(L1)).toEqual({ halted: false })
    expect((await health(app)).chains.find((c) => c.caipNetworkId === L1)).not.toHaveProperty('halted')
  })

  it('halts a network whose RPC now serves another chain under the same id at start: health says why, nothing changes', async () => {
    const appA = await appOn(chainA)
    const link = await hookedLink(appA, 'Paid on A', h.assets.eth, '0.01')
    expect((await h.submit(appA, link.id, await h.payEth({ to: merchant, amount: '0.01' }))).status).toBe('confirmed')
    const waiting = await hookedLink(appA, 'Waiting on A', h.assets.tusd, '1')
    await h.submit(appA, waiting.id, '0x' + 'ab'.repeat(32))
    const before = await snapshot()

    const appB = await appOn(chainB.rpcUrl)
    await appB.paymentLinks.tracker.runOnce()
    const status = appB.paymentLinks.tracker.status(L1)
    expect(status.halted).toBe(true)
    expect(status.halted && status.reason).toMatch(
      /eip155:31337 is not the chain recorded .* no payment on it was changed/,
    )
    const reported = (await health(appB)).chains.find((c) => c.caipNetworkId === L1)
    expect(reported).toMatchObject({ caipNetworkId: L1, halted: true })
    expect(reported?.reason).toBe(status.halted ? status.reason : null)
    // The other network is untouched by L1's halt.
    expect(appB.paymentLinks.tracker.status('eip155:31338')).toEqual({ halted: false })

    // Neither another pass nor a submission's check on the halted network changes anything.
    await appB.paymentLinks.tracker.runOnce()
    await appB.paymentLinks.tracker.processSubmitted(L1, before.rows[0]!.id)
    expect(await snapshot()).toEqual(before)
    expect((await h.getLink(appB, link.id)).status).toBe('paid')
  })

  it('halts a running tracker whose RPC is switched to another chain under the same id, changing nothing', async () => {
    // The periodic identity check is an hour away: the switch shows as the chain going back.
    const app = await appOn(switchable.url, { confirmations: 3, settings: { identityCheckMs: 3_600_000 } })
    const { tracker } = app.paymentLinks
    await tracker.runOnce()
    const link = await hookedLink(app, 'Confirming on A', h.assets.tusd, '2')
    expect((await h.submit(app, link.id, await h.payTusd({ to: merchant, amount: '2' }))).status).toBe('confirming')
    await h.mine(1)
    await tracker.runOnce()
    expect((await h.getLink(app, link.id)).payments[0]).toMatchObject({ status: 'confirming', confirmations: 2 })
    expect(tracker.status(L1)).toEqual({ halted: false })
    const before = await snapshot()

    switchable.target = chainB.rpcUrl
    await tracker.runOnce()
    expect(tracker.status(L1)).toMatchObject({ halted: true, reason: expect.stringMatching(/not the chain recorded/) })
    expect(await snapshot()).toEqual(before)
    switchable.target = chainA
  })

  it('halts instead of reverting when a block holding a payment is replaced deeper than the reorg limit', async () => {
    const app = await appOn(chainA, { settings: { reorgDepthLimit: 3 } })
    const { tracker } = app.paymentLinks
    await tracker.runOnce()
    const link = await hookedLink(app, 'Deep', h.assets.eth, '0.002')
    const snapshotId = await h.rpc(31337, 'evm_snapshot')
    expect((await h.submit(app, link.id, await h.payEth({ to: merchant, amount: '0.002' }))).status).toBe('confirmed')
    await h.mine(5)
    await tracker.runOnce()
    const before = await snapshot()

    // The payment's block replaced 6 blocks down: history rewritten, not a reorg to follow.
    await h.rpc(31337, 'evm_revert', [snapshotId])
    await h.mine(8)
    await tracker.runOnce()
    expect(tracker.status(L1)).toMatchObject({
      halted: true,
      reason: expect.stringMatching(/none of the last 3 blocks .* reorg limit/),
    })
    expect(await snapshot()).toEqual(before)
    expect((await h.getLink(app, link.id)).status).toBe('paid')

    // A process started now has no cursor to compare: the payment's own block tells it.
    const restarted = await appOn(chainA, { settings: { reorgDepthLimit: 3 } })
    await restarted.paymentLinks.tracker.runOnce()
    expect(restarted.paymentLinks.tracker.status(L1)).toMatchObject({
      halted: true,
      reason: expect.stringMatching(/no longer has block \d+ where payment .* reorg limit/),
    })
    expect(await snapshot()).toEqual(before)
  })
})

interface SwitchableProxy {
  url: string
  /** Where requests go now. */
  target: string
  close(): Promise<void>
}

/** A loopback HTTP proxy whose upstream a test can switch: an RPC URL that starts serving another chain. */
async function startSwitchableProxy(target: string): Promise<SwitchableProxy> {
  const proxy: SwitchableProxy = { url: '', target, close: async () => {} }
  const server: Server = createServer((req, res) => {
    const upstream = new URL(proxy.target)
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          'content-type': answer.headers['content-type'] ?? 'application/json',
        })
        answer.pipe(res)
      },
    )
    forward.on('error', () => res.writeHead(502).end())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return proxy
}
