import { PAYLINK_COLLECTOR_ADDRESS, collectorAbi, collectorSubscribeArgs } from '@paylink/chains/eip155/core'
import type { CreatedPlan, CreatedSubscription, Subscription, WebhookEvent } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { createWalletClient, erc20Abi, http, parseUnits, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { subscriptionRenewals, subscriptions } from '../db/schema.js'
import { eventually, L1, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { createCollector } from './collectorPull.js'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhookReceiver.js'

// Anvil's 10th default account: funded with ether, unlocked; here the collector's gas key only.
const collectorKey: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'
const MONTH = 30 * 86_400

describe('subscriptions on the EVM devnet: a monthly Test USD plan renewed by the collector contract', () => {
  let h: Harness
  let app: FastifyInstance
  let receiver: WebhookReceiver
  let payer: Address
  let recipient: Address
  const collector = privateKeyToAccount(collectorKey).address

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    h = await startHarness()
    app = await h.app({
      subscriptions: { collectorPrivateKey: collectorKey, devnetClock: true, intervalMs: 50, graceSeconds: 86_400 },
    })
    // Not the merchant's sign-in account: only the pulls move this one's balance.
    payer = h.devnet.accounts[2]!
    recipient = h.devnet.accounts[5]!
    app.paymentLinks.start()
    app.subscriptions.start()
  }, 60_000)
  afterAll(async () => {
    await h?.close()
    await receiver?.close()
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
  const tusd = (address: Address) =>
    h
      .client()
      .readContract({ address: h.devnet.token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  const payerWallet = () => createWalletClient({ transport: http(h.devnet.chains[0]!.rpcUrl), account: payer })
  const mined = (hash: Hex) => h.client().waitForTransactionReceipt({ hash, pollingInterval: 20 })
  const approve = async (amount: bigint) =>
    mined(
      await payerWallet().writeContract({
        chain: null,
        address: h.devnet.token.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [PAYLINK_COLLECTOR_ADDRESS, amount],
      }),
    )
  const events = () => receiver.received.map((r) => JSON.parse(r.body) as WebhookEvent)

  it('subscribe, pay the first link, then a month later the merchant is paid from the payer’s wallet with no payer action; a crash mid-pull pays once; a revoked allowance falls back to a renewal link, then past_due', async () => {
    const plan = await api<CreatedPlan>(
      'POST',
      '/api/plans',
      {
        name: 'Newsletter',
        options: [{ asset: h.assets.tusd, amount: '5', recipient }],
        interval: 'month',
        webhookUrl: receiver.url,
      },
      true,
    )
    expect(plan).toMatchObject({ interval: 'month', automaticRenewal: true, active: true })
    expect(plan.webhookSecret).toMatch(/^whsec_/)

    const created = await api<CreatedSubscription>('POST', `/api/plans/${plan.id}/subscriptions`, {
      email: 'payer@example.com',
      renewal: 'automatic',
      asset: h.assets.tusd,
      payerAddress: payer,
    })
    expect(created.status).toBe('incomplete')
    const terms = created.collector!
    expect(terms).toMatchObject({
      contract: PAYLINK_COLLECTOR_ADDRESS,
      merchant: recipient,
      collector,
      amount: parseUnits('5', 6).toString(),
      intervalSeconds: MONTH,
    })
    const view = () => api<Subscription>('GET', `/api/subscriptions/${created.id}?token=${created.manageToken}`)

    // The payer's consent on the chain: the terms, and an allowance of a year of renewals.
    await mined(
      await payerWallet().writeContract({
        chain: null,
        address: PAYLINK_COLLECTOR_ADDRESS,
        abi: collectorAbi,
        functionName: 'subscribe',
        args: collectorSubscribeArgs(terms),
      }),
    )
    await approve(parseUnits('60', 6))

    // The first period: a link of its own, paid like any link.
    const firstLink = await h.getLink(app, created.dueLinkId!)
    await h.payTusd({ to: firstLink.options[0]!.depositAddress as Address, amount: '5' })
    const active = await eventually(async () => {
      const current = await view()
      expect(current.status).toBe('active')
      return current
    }, 15_000)
    expect(active.paidPeriods).toBe(1)
    expect(active.dueLinkId).toBeNull()

    // A month passes (Paylink's clock and the chain's): the collector pulls, the payer does nothing.
    const [payerBefore, recipientBefore, collectorBefore] = await Promise.all([
      tusd(payer),
      tusd(recipient),
      tusd(collector),
    ])
    await api('POST', '/devnet/clock', { seconds: MONTH + 60 })
    const renewed = await eventually(async () => {
      const current = await view()
      expect(current.paidPeriods).toBe(2)
      return current
    }, 15_000)
    expect(renewed.status).toBe('active')
    expect(await tusd(recipient)).toBe(recipientBefore + parseUnits('5', 6))
    expect(await tusd(payer)).toBe(payerBefore - parseUnits('5', 6))
    expect(await tusd(collector)).toBe(collectorBefore)
    const renewedEvent = await eventually(() => {
      const event = events().find((e) => e.type === 'subscription.renewed')
      expect(event).toBeDefined()
      return event!
    }, 10_000)
    expect(renewedEvent.data.subscription).toMatchObject({ id: created.id, paidPeriods: 2, status: 'active' })
    expect(renewedEvent.data.subscription!.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(events().map((e) => e.type)).toContain('subscription.created')

    // A crash between sending a pull and recording it: the pull is signed, sent and mined, and the
    // process dies with the renewal left 'pulling' (its lease run out). The next round sends the
    // same bytes again, finds them mined, and records the one renewal: the merchant is paid once.
    await app.subscriptions.stop()
    await h.rpc(31337, 'evm_increaseTime', [MONTH])
    await h.rpc(31337, 'evm_mine')
    app.subscriptions.clock.advance(MONTH)
    const [row] = await h.database.db.select().from(subscriptions).where(eq(subscriptions.id, created.id))
    const crashed = createCollector(collectorKey, () => h.devnet.chains[0]!.rpcUrl)
    const signed = await crashed.sign({
      caipNetworkId: L1,
      collectorId: row!.collectorId as Hex,
      to: recipient,
      amount: parseUnits('5', 6),
    })
    expect(await crashed.send(L1, signed.raw, 10_000)).toEqual({ status: 'success' })
    await h.database.db.insert(subscriptionRenewals).values({
      id: 'rnw_crashed',
      subscriptionId: created.id,
      period: 2,
      dueAt: row!.currentPeriodEnd!,
      method: 'pull',
      status: 'pulling',
      pullTx: signed.raw,
      txHash: signed.hash,
      leaseUntil: new Date(Date.now() - 1000),
    })
    await app.subscriptions.runOnce()
    await app.subscriptions.runOnce()
    expect(await view()).toMatchObject({ status: 'active', paidPeriods: 3 })
    expect(await tusd(recipient)).toBe(recipientBefore + 2n * parseUnits('5', 6))
    const [recorded] = await h.database.db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.id, 'rnw_crashed'))
    expect(recorded).toMatchObject({ status: 'paid', txHash: signed.hash })
    app.subscriptions.start()

    // The payer revokes the allowance: the next renewal falls back to a link, then past_due after the grace.
    await approve(0n)
    await api('POST', '/devnet/clock', { seconds: MONTH })
    const fallback = await eventually(async () => {
      const current = await view()
      expect(current.dueLinkId).not.toBeNull()
      return current
    }, 15_000)
    expect(fallback.status).toBe('active')
    expect(fallback.paidPeriods).toBe(3)
    expect(await tusd(recipient)).toBe(recipientBefore + 2n * parseUnits('5', 6))
    await api('POST', '/devnet/clock', { seconds: 86_400 + 60 })
    const pastDue = await eventually(async () => {
      const current = await view()
      expect(current.status).toBe('past_due')
      return current
    }, 15_000)
    expect(pastDue.dueLinkId).toBe(fallback.dueLinkId)
    const renewalLink = await h.getLink(app, fallback.dueLinkId!)
    expect(renewalLink.status).toBe('open')
    const pastDueEvent = await eventually(() => {
      const event = events().find((e) => e.type === 'subscription.past_due')
      expect(event).toBeDefined()
      return event!
    }, 10_000)
    expect(pastDueEvent.data.subscription).toMatchObject({ id: created.id, dueLinkId: fallback.dueLinkId })

    // The payer pays the renewal link: active again. Then cancels: nothing renews any more.
    await h.payTusd({ to: renewalLink.options[0]!.depositAddress as Address, amount: '5' })
    await eventually(async () => {
      const current = await view()
      expect(current.status).toBe('active')
      expect(current.paidPeriods).toBe(4)
    }, 15_000)
    const canceled = await api<Subscription>('POST', `/api/subscriptions/${created.id}/cancel`, {
      token: created.manageToken,
    })
    expect(canceled.status).toBe('canceled')
    await approve(parseUnits('60', 6))
    const recipientAtCancel = await tusd(recipient)
    await api('POST', '/devnet/clock', { seconds: 2 * MONTH })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await view()).status).toBe('canceled')
    expect(await tusd(recipient)).toBe(recipientAtCancel)
    await eventually(() => expect(events().map((e) => e.type)).toContain('subscription.canceled'), 10_000)
  }, 120_000)

  it('refuses a wrong manage token, a plan whose asset is not configured, and automatic renewal without a token option', async () => {
    const wrong = await app.inject({ method: 'GET', url: '/api/subscriptions/sub_nope?token=x' })
    expect(wrong.statusCode).toBe(404)
    const badPlan = await app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: { authorization: `Bearer ${h.apiKey}` },
      payload: { name: 'x', options: [{ asset: 'eip155:1/slip44:60', amount: '1' }], interval: 'week' },
    })
    expect(badPlan.statusCode).toBe(400)
    expect(badPlan.json().error.message).toMatch(/options\[0\]\.asset/)
    const ethPlan = await api<CreatedPlan>(
      'POST',
      '/api/plans',
      { name: 'Ether', options: [{ asset: h.assets.eth, amount: '0.01' }], interval: 'week' },
      true,
    )
    expect(ethPlan.automaticRenewal).toBe(false)
    const refused = await app.inject({
      method: 'POST',
      url: `/api/plans/${ethPlan.id}/subscriptions`,
      payload: { email: 'a@example.com', renewal: 'automatic', asset: h.assets.eth, payerAddress: payer },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.message).toMatch(/body\.asset/)
    const plans = await api<{ plans: unknown[] }>('GET', '/api/plans', undefined, true)
    expect(plans.plans.length).toBe(2)
  })
})
