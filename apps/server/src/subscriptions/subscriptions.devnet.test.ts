import { PAYLINK_COLLECTOR_ADDRESS } from '@paylink/chains/eip155/core'
import type { CreatedPlan, CreatedSubscription, Subscription, WebhookEvent } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { erc20Abi, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { links, subscriptionRenewals, subscriptions } from '../db/schema.js'
import { startFaultProxy } from '../testing/startFaultProxy.js'
import { eventually, L1, type Harness } from '../testing/paymentLinksHarness.js'
import {
  evmCollectorKey,
  evmPayer,
  faultySubscriptionsApp,
  MONTH,
  startSubscriptionsTestApp,
  type SubscriptionsTestApp,
} from './subscriptionsTestApp.js'
import { createCollector } from './collectorPull.js'
import type { SmtpTestServer } from '../testing/smtpTestServer.js'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhookReceiver.js'

describe('subscriptions on the EVM devnet: a monthly Test USD plan renewed by the collector contract', () => {
  let h: Harness
  let app: FastifyInstance
  let receiver: WebhookReceiver
  let smtp: SmtpTestServer
  let payer: Address
  let recipient: Address
  const collector = privateKeyToAccount(evmCollectorKey).address

  let api: SubscriptionsTestApp['api']
  let t: SubscriptionsTestApp

  beforeAll(async () => {
    receiver = await startWebhookReceiver()
    t = await startSubscriptionsTestApp({ collectorPrivateKey: evmCollectorKey, graceSeconds: 86_400 })
    ;({ h, app, smtp, api } = t)
    // Not the merchant's sign-in account: only the pulls move this one's balance.
    payer = h.devnet.accounts[2]!
    recipient = h.devnet.accounts[5]!
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await receiver?.close()
  })

  const tusd = (address: Address) =>
    h
      .client()
      .readContract({ address: h.devnet.token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  const events = () => receiver.received.map((r) => JSON.parse(r.body) as WebhookEvent)
  const approve = (amount: bigint) => evmPayer(h, payer).approve(amount)
  const consent = (terms: NonNullable<Subscription['collector']>) => evmPayer(h, payer).consent(terms)
  const monthlyPlan = (name: string) =>
    api<CreatedPlan>(
      'POST',
      '/api/plans',
      {
        name,
        options: [{ asset: h.assets.tusd, amount: '5', recipient }],
        interval: 'month',
        webhookUrl: receiver.url,
      },
      true,
    )

  it('subscribe, pay the first link, then a month later the merchant is paid from the payer’s wallet with no payer action; a crash mid-pull pays once; a revoked allowance falls back to a renewal link, then past_due', async () => {
    const plan = await monthlyPlan('Newsletter')
    expect(plan).toMatchObject({ interval: 'month', automaticRenewal: true, active: true })
    expect(plan.webhookSecret).toMatch(/^whsec_/)

    const created = await api<CreatedSubscription>('POST', `/api/plans/${plan.id}/subscriptions`, {
      email: 'payer@example.com',
      renewal: 'automatic',
      asset: h.assets.tusd,
      payerAddress: payer,
      language: 'fr',
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
    await consent(terms)

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
    const crashed = createCollector(evmCollectorKey, {
      endpointOf: (caipNetworkId) => ({ caipNetworkId, rpcUrl: h.devnet.chains[0]!.rpcUrl }),
    })
    const signed = await crashed.sign({
      caipNetworkId: L1,
      collectorId: row!.collectorId!,
      payer,
      token: h.devnet.token.address,
      decimals: 6,
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
    const fallback = await t.advanceUntilDue(view, MONTH)
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

    // The payer was e-mailed, in French: the renewal link when the pull failed, again at past_due,
    // each with a manage link whose token (made for that e-mail) opens the subscription.
    const mails = await eventually(() => {
      const sent = smtp.received.filter((m) => m.text?.includes(`/pay/${fallback.dueLinkId}`))
      expect(sent.map((m) => m.subject)).toEqual([
        'Newsletter : votre prochain paiement à 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        'Newsletter : votre paiement à 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 est en retard',
      ])
      return sent
    }, 10_000)
    expect(mails[0]!.to).toMatchObject({ text: 'payer@example.com' })
    expect(mails[0]!.text).toContain('Le paiement automatique n’a pas pu être prélevé')
    for (const mail of mails) {
      const manage = new URL(mail.text!.match(/http:\/\/localhost:3000\/subscriptions\/\S+/)![0])
      expect(manage.pathname).toBe(`/subscriptions/${created.id}`)
      expect(manage.searchParams.get('token')).not.toBe(created.manageToken)
      const opened = await app.inject({ method: 'GET', url: `/api/subscriptions/${created.id}${manage.search}` })
      expect(opened.json()).toMatchObject({ id: created.id, status: 'past_due' })
    }

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

  it('under a flaky provider (an outage, then timeouts, 429s, 5xx, cut answers) a due automatic renewal is pulled once and never falls back to a link', async () => {
    // The first process's scheduler rests: the one reading through the faulty provider does the renewals.
    await app.subscriptions.stop()
    const anvil = h.networks().find((network) => network.caipNetworkId === L1)!.rpcUrl
    const proxy = await startFaultProxy({ upstream: anvil, flavour: 'evm', rate: 0.4, hangMs: 3000 })
    const faulty = await faultySubscriptionsApp(t, L1, proxy.url, { collectorPrivateKey: evmCollectorKey })
    try {
      const plan = await monthlyPlan('Flaky')
      const created = await api<CreatedSubscription>('POST', `/api/plans/${plan.id}/subscriptions`, {
        email: 'payer@example.com',
        renewal: 'automatic',
        asset: h.assets.tusd,
        payerAddress: payer,
      })
      await consent(created.collector!)
      const firstLink = await h.getLink(app, created.dueLinkId!)
      await h.payTusd({ to: firstLink.options[0]!.depositAddress as Address, amount: '5' })
      faulty.subscriptions.start()
      const row = async () =>
        (await h.database.db.select().from(subscriptions).where(eq(subscriptions.id, created.id)))[0]!
      await eventually(async () => expect((await row()).status).toBe('active'), 15_000)

      // A month passes; the provider is down for 2 s, then fails 40 % of requests.
      const recipientBefore = await tusd(recipient)
      proxy.outage(2000)
      await h.rpc(31337, 'evm_increaseTime', [MONTH + 60])
      await h.rpc(31337, 'evm_mine')
      faulty.subscriptions.clock.advance(MONTH + 60)
      faulty.subscriptions.wake()
      await eventually(async () => expect((await row()).paidPeriods).toBe(2), 40_000)
      // More rounds under faults: nothing more is pulled, no renewal link is made.
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(await tusd(recipient)).toBe(recipientBefore + parseUnits('5', 6))
      const [renewal] = await h.database.db
        .select()
        .from(subscriptionRenewals)
        .where(and(eq(subscriptionRenewals.subscriptionId, created.id), eq(subscriptionRenewals.period, 1)))
      expect(renewal).toMatchObject({ method: 'pull', status: 'paid', pullError: null, linkId: null })
      expect(await h.database.db.select().from(links).where(eq(links.subscriptionId, created.id))).toHaveLength(1)
      await eventually(() => {
        const renewed = events().filter(
          (e) => e.type === 'subscription.renewed' && e.data.subscription!.id === created.id,
        )
        expect(renewed).toHaveLength(1)
      }, 10_000)
      // The due pull was tried while the provider was down (the outage's failures counted), then under faults.
      expect(proxy.injected.outage ?? 0).toBeGreaterThan(0)
    } finally {
      await faulty.close()
      await proxy.close()
    }
  }, 90_000)
})
