import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { CreatedPlan, CreatedSubscription } from '@paylink/shared'
import { and, eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { erc20Abi, parseUnits, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { links, subscriptionRenewals, subscriptions, webhookEvents } from '../db/schema.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { devnetNetworks } from '../devnet/devnetNetworks.js'
import { eventually, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { canStartTestPostgres, startTestPostgres, type TestPostgres } from '../testing/testPostgres.js'
import { evmCollectorKey, evmPayer, MONTH } from './subscriptionsTestApp.js'

const renewalProcessPath = fileURLToPath(new URL('./testing/renewalProcess.ts', import.meta.url))

/** A server process running testing/renewalProcess.ts, driven over stdin. */
interface RenewalProcess {
  child: ChildProcessWithoutNullStreams
  exited: Promise<unknown>
  send(line: string): void
  /** Resolves once the process printed `line`; rejects with its output if it exits first. */
  printed(line: string): Promise<void>
}

function spawnRenewalProcess(): RenewalProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', renewalProcessPath], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)))
  return {
    child,
    exited,
    send: (line) => child.stdin.write(`${line}\n`),
    printed: (line) =>
      Promise.race([
        eventually(() => expect(output).toContain(`${line}\n`), 60_000, 50),
        exited.then((end) => Promise.reject(new Error(`the renewal process ended (${end}): ${output}`))),
      ]),
  }
}

// "Two server processes and a kill -9 in the renewal never pull twice" (#33), for real: a child
// process sends the pull and is killed with SIGKILL while it waits in anvil's mempool (the pull
// recorded as sent, not as paid); then two apps take over at once, each on its own pool as two
// server processes are (in this process: a second child would only add seconds of loading).
describe.skipIf(!canStartTestPostgres())('a renewal killed -9 between its pull and its record, on Postgres', () => {
  let postgres: TestPostgres
  let databases: Database[] = []
  let h: Harness
  let apps: FastifyInstance[] = []
  let dying: RenewalProcess | undefined

  beforeAll(async () => {
    // Loading the app takes the child seconds: it starts first and waits for its settings.
    dying = spawnRenewalProcess()
    postgres = await startTestPostgres()
    databases = [await openDatabase({ url: postgres.url }), await openDatabase({ url: postgres.url })]
    h = await startHarness(databases[0])
    const subscriptions = { collectorPrivateKey: evmCollectorKey, intervalMs: 50 }
    apps = await Promise.all(databases.map((database) => h.app({ database, subscriptions })))
    const settings = {
      databaseUrl: postgres.url,
      networks: h.networks(),
      assets: devnetNetworks(h.devnet).assets,
      collectorPrivateKey: evmCollectorKey,
    }
    dying.send(JSON.stringify(settings))
    await dying.printed('ready')
  }, 90_000)
  afterAll(async () => {
    dying?.child.kill('SIGKILL')
    await h?.close()
    await Promise.all(databases.map((database) => database.close()))
    await postgres?.stop()
  })

  it('the pull is sent once, the merchant paid once, one renewal row paid and one subscription.renewed', async () => {
    const child = dying!
    const app = apps[0]!
    const db = databases[0]!.db
    const payer = h.devnet.accounts[2]!
    const recipient = h.devnet.accounts[5]!
    const collector = privateKeyToAccount(evmCollectorKey).address
    const client = h.client()
    const tusd = (owner: Address) =>
      client.readContract({ address: h.devnet.token.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    const api = async <T>(url: string, payload: unknown, merchant = false) =>
      (
        await app.inject({
          method: 'POST',
          url,
          payload: payload as Record<string, unknown>,
          ...(merchant ? { headers: { authorization: `Bearer ${h.apiKey}` } } : {}),
        })
      ).json<T>()

    const plan = await api<CreatedPlan>(
      '/api/plans',
      { name: 'Crash', options: [{ asset: h.assets.tusd, amount: '5', recipient }], interval: 'month' },
      true,
    )
    const created = await api<CreatedSubscription>(`/api/plans/${plan.id}/subscriptions`, {
      email: 'payer@example.com',
      renewal: 'automatic',
      asset: h.assets.tusd,
      payerAddress: payer,
    })
    await evmPayer(h, payer).consent(created.collector!)
    // The first period: the tracker's part (tested with the chain in subscriptions.devnet.test.ts) done by hand.
    await db.update(links).set({ status: 'paid', paidAt: new Date() }).where(eq(links.id, created.dueLinkId!))
    await app.subscriptions.runOnce()
    const subscription = async () => (await db.select().from(subscriptions).where(eq(subscriptions.id, created.id)))[0]!
    expect(await subscription()).toMatchObject({ status: 'active', paidPeriods: 1 })

    // A month passes on the chain; from now on a block is mined only when the test says so.
    await h.rpc(31337, 'evm_increaseTime', [MONTH + 60])
    await h.rpc(31337, 'evm_mine')
    await h.rpc(31337, 'evm_setAutomine', [false])
    const nonce = await client.getTransactionCount({ address: collector })
    const recipientBefore = await tusd(recipient)

    // The first child renews: its pull reaches the mempool, and it is killed while it waits for the receipt.
    child.send(`start ${MONTH + 60}`)
    await eventually(
      async () => expect(await client.getTransactionCount({ address: collector, blockTag: 'pending' })).toBe(nonce + 1),
      20_000,
      50,
    )
    child.child.kill('SIGKILL')
    expect(await child.exited).toBe('SIGKILL')
    const renewalOf = async () =>
      db
        .select()
        .from(subscriptionRenewals)
        .where(and(eq(subscriptionRenewals.subscriptionId, created.id), eq(subscriptionRenewals.period, 1)))
    const [crashed] = await renewalOf()
    expect(crashed).toMatchObject({ method: 'pull', status: 'pulling' })
    expect(crashed!.leaseUntil!.getTime()).toBeGreaterThan(Date.now())

    // The pull is mined after its sender died; the dead process's lease (60 s of real time) runs
    // out: written, not waited for.
    await h.rpc(31337, 'evm_mine')
    await h.rpc(31337, 'evm_setAutomine', [true])
    await db
      .update(subscriptionRenewals)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(subscriptionRenewals.id, crashed!.id))

    // Two take over at once.
    for (const survivor of apps) {
      survivor.subscriptions.clock.advance(MONTH + 60)
      survivor.subscriptions.start()
    }
    await eventually(async () => expect(await subscription()).toMatchObject({ paidPeriods: 2 }), 15_000, 50)
    // More rounds of both: nothing more is sent.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await Promise.all(apps.map((survivor) => survivor.subscriptions.stop()))

    expect(await client.getTransactionCount({ address: collector })).toBe(nonce + 1)
    expect(await client.getTransactionReceipt({ hash: crashed!.txHash as Hex })).toMatchObject({ status: 'success' })
    expect(await tusd(recipient)).toBe(recipientBefore + parseUnits('5', 6))
    expect(await renewalOf()).toMatchObject([
      { id: crashed!.id, method: 'pull', status: 'paid', txHash: crashed!.txHash },
    ])
    expect(await subscription()).toMatchObject({ status: 'active', paidPeriods: 2 })
    const renewed = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.type, 'subscription.renewed'), like(webhookEvents.body, `%"${created.id}"%`)))
    expect(renewed).toHaveLength(1)
  }, 60_000)
})
