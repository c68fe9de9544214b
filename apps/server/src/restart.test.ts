/**
 * Restarts never rewrite history (issue 20): the demo server, run as `npm start` runs it, is
 * stopped (SIGTERM) and killed (SIGKILL) after a payment, and each new start on the same data dir
 * finds the same chains: the link still paid, the same balances and Test USD, no revert.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CreatedLink, Link, PublicConfig, WebhookDeliveryList } from '@paylink/shared'
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address, type Hash } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiKey } from './merchants/apiKeyStore.js'
import { openDatabase } from './db/openDatabase.js'
import { merchantOf } from './merchants/merchant.js'
import { eventually } from './testing/eventually.js'
import { mainChildren, runMainOnFreePort } from './testing/runMain.js'
import { startHttpServer, type TestHttpServer } from '@paylink/chains/testing/startHttpServer'

const dataDir = mkdtempSync(join(tmpdir(), 'paylink-restart-'))
// Anvil's well-known dev accounts 1 (the merchant) and 2 (the payer).
const merchant: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const payer: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
let apiKey = ''
let receiver: TestHttpServer

beforeAll(async () => {
  // The key goes into the database before the server opens it (PGlite has one user at a time).
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') })
  apiKey = (await createApiKey(database.db, merchantOf({ namespace: 'eip155', address: merchant }), 'restart test'))
    .token
  await database.close()
  receiver = await startHttpServer((_request, res) => res.writeHead(200).end())
}, 60_000)

afterAll(async () => {
  // A failed assertion must not leave a server (and its anvils) running.
  for (const child of mainChildren) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await receiver?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** `main.ts` on the test's data dir, as `npm start` runs it; resolves once it prints its line. */
async function startDemo() {
  const run = await runMainOnFreePort({ LOG_LEVEL: 'info', DATA_DIR: dataDir }, { until: 'Paylink is running' })
  const { port } = run
  if (!run.started) throw new Error(`the server exited: ${run.output().stderr}`)
  const { child, exited } = run
  expect(run.output().stdout).toContain('(demo: devnet with Dev Wallet)')
  const base = `http://127.0.0.1:${port}`
  const chain = createPublicClient({ transport: http(`${base}/devnet/rpc/31337`), pollingInterval: 50 })
  /** The operator log (info level): pino's JSON lines. */
  const log = () =>
    run
      .output()
      .stdout.split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { child, exited, base, chain, stderr: () => run.output().stderr, log }
}
type Demo = Awaited<ReturnType<typeof startDemo>>

async function api<T>(
  demo: Demo,
  path: string,
  init: { method?: string; body?: unknown; auth?: boolean } = {},
): Promise<T> {
  const response = await fetch(`${demo.base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.auth ? { authorization: `Bearer ${apiKey}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Anvil processes (not their watchdog shells) started for this data dir. */
function anvilsOfDataDir(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
        return argv[0]!.endsWith('/anvil') && argv.some((arg) => arg.startsWith(dataDir))
      } catch {
        return false
      }
    })
}

/** What a restart must keep: the link's state, the chain's view of the payment, Test USD. */
async function observe(demo: Demo, linkId: string, txHash: Hash) {
  const config = await api<PublicConfig>(demo, '/api/config')
  const tusd = config.assets.find((asset) => asset.symbol === 'TUSD')!
  const token = tusd.assetId.split(':').at(-1) as Address
  const link = await api<Link>(demo, `/api/links/${linkId}`)
  // A new chain has no such receipt: null, so the comparison shows every difference at once.
  const receipt = await demo.chain.getTransactionReceipt({ hash: txHash }).catch(() => null)
  return {
    link: {
      status: link.status,
      paid: link.options[0]!.paid,
      payments: link.payments.map((p) => ({ status: p.status, txHash: p.txHash })),
    },
    tusd: tusd.assetId,
    code: await demo.chain.getCode({ address: token }),
    payerBalance: await demo.chain.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [payer],
    }),
    paymentBlock: receipt && { number: receipt.blockNumber, hash: receipt.blockHash },
  }
}

/** Gives the tracker new blocks to look at, then lists the webhook events of the link. */
async function eventsAfterTracking(demo: Demo, linkId: string) {
  await demo.chain.request({ method: 'evm_mine' as never, params: [] as never })
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const { deliveries } = await api<WebhookDeliveryList>(demo, `/api/links/${linkId}/deliveries`, { auth: true })
  return deliveries.map((d) => d.type)
}

describe('restarting the demo on the same data dir', () => {
  it('keeps the chains after SIGTERM and after SIGKILL: the link stays paid, balances and Test USD are the same, nothing is reverted', async () => {
    const first = await startDemo()
    const config = await api<PublicConfig>(first, '/api/config')
    const tusd = config.assets.find((asset) => asset.symbol === 'TUSD')!
    const link = await api<CreatedLink>(first, '/api/links', {
      method: 'POST',
      auth: true,
      body: { title: 'Restart', options: [{ asset: tusd.assetId, amount: '1.5' }], webhookUrl: `${receiver.url}/hook` },
    })
    const wallet = createWalletClient({ transport: http(`${first.base}/devnet/rpc/31337`), account: payer })
    const txHash = await wallet.writeContract({
      chain: null,
      address: tusd.assetId.split(':').at(-1) as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [link.options[0]!.recipient as Address, parseUnits('1.5', 6)],
    })
    await first.chain.waitForTransactionReceipt({ hash: txHash })
    await api(first, `/api/links/${link.id}/payments`, {
      method: 'POST',
      body: { caipNetworkId: 'eip155:31337', txHash },
    })
    await eventually(
      async () => expect((await api<Link>(first, `/api/links/${link.id}`)).status).toBe('paid'),
      20_000,
      100,
    )
    const before = await observe(first, link.id, txHash)
    expect(before.link.status).toBe('paid')
    expect(before.payerBalance).toBe(parseUnits('9998.5', 6))
    const eventsBefore = await eventsAfterTracking(first, link.id)
    expect(eventsBefore).toContain('link.paid')
    // The audit log says which process credited and confirmed the payment and delivered its events.
    const actions = first.log().filter((line) => line.action !== undefined)
    expect(
      actions
        .filter((line) => line.action === 'payment' && line.paymentId !== undefined)
        .map((line) => [line.status, line.pid]),
    ).toContainEqual(['confirmed', first.child.pid])
    expect(
      actions
        .filter((line) => line.action === 'webhook delivery' && line.outcome === 'succeeded')
        .map((line) => [line.type, line.pid]),
    ).toContainEqual(['link.paid', first.child.pid])
    expect(
      first
        .log()
        .filter((line) => line.route === '/api/links/:id/payments')
        .map((line) => [line.method, line.statusCode, line.pid]),
    ).toEqual([['POST', 202, first.child.pid]])

    first.child.kill('SIGTERM')
    expect(await first.exited, first.stderr()).toBe(0)
    expect(anvilsOfDataDir(), 'anvils left running after SIGTERM').toEqual([])

    const second = await startDemo()
    expect(await observe(second, link.id, txHash), 'after SIGTERM and a new start').toEqual(before)
    const eventsAfterStop = await eventsAfterTracking(second, link.id)
    expect(eventsAfterStop, 'webhook events after SIGTERM and a new start').not.toContain('payment.reverted')
    expect(await observe(second, link.id, txHash), 'after tracking on the restarted demo').toEqual(before)

    second.child.kill('SIGKILL')
    await second.exited
    await eventually(
      async () => expect(anvilsOfDataDir(), 'anvils left running after SIGKILL of their server').toEqual([]),
      10_000,
      100,
    )

    const third = await startDemo()
    expect(await observe(third, link.id, txHash), 'after SIGKILL and a new start').toEqual(before)
    const eventsAfterKill = await eventsAfterTracking(third, link.id)
    expect(eventsAfterKill, 'webhook events after SIGKILL and a new start').not.toContain('payment.reverted')
    expect(eventsAfterKill).toEqual(eventsAfterStop)
    expect(receiver.requests.map((r) => (JSON.parse(r.body) as { type: string }).type)).not.toContain(
      'payment.reverted',
    )

    third.child.kill('SIGTERM')
    expect(await third.exited, third.stderr()).toBe(0)
    expect(anvilsOfDataDir()).toEqual([])
  }, 120_000)
})
