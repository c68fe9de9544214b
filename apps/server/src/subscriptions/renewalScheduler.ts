import { planIntervalSeconds, type PlanInterval } from '@paylink/shared'
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { links, plans, subscriptionRenewals, subscriptions } from '../db/schema.js'
import { newId } from '../db/newId.js'
import { createWakeableSleep } from '../workers/createWakeableSleep.js'
import { collectorFor, type Collectors } from './collectorPull.js'
import { createPeriodLink, type PeriodLinkContext } from './periodLink.js'
import { enqueueRenewalEmail, type RenewalMailer } from './renewalMailer.js'
import { automaticTerms, pulledTokenOf } from './plans.js'
import { enqueueSubscriptionEvent } from './subscriptionEvents.js'
import type { SubscriptionClock } from './subscriptionClock.js'

export interface RenewalSchedulerOptions {
  context: PeriodLinkContext
  clock: SubscriptionClock
  /** The collector keys by chain family; one missing: automatic renewals there fall back to links. */
  collectors: Collectors
  /** Sends the payer's renewal and past-due e-mails; absent (no SMTP): none are sent. */
  mailer?: RenewalMailer
  /** A renewal unpaid this long after it was due makes the subscription past_due (default 3 days). */
  graceSeconds?: number
  /** A past_due subscription is canceled this long after its renewal was due (default 14 days). */
  cancelAfterSeconds?: number
  intervalMs?: number
  /** How long one pull is waited for before the next round looks again (default 30 s). */
  pullTimeoutMs?: number
  onError?(error: unknown, where: string): void
}

export interface RenewalScheduler {
  /** One round: settles paid links, starts due renewals, pulls, marks past_due and cancels. */
  runOnce(): Promise<void>
  start(): void
  stop(): Promise<void>
  /** Runs a round now (after the clock moved). */
  wake(): void
}

/** How long a process holds a renewal it works on (real time: the demo's clock jumps). */
const leaseMs = 60_000

/**
 * The subscriptions' renewals, safe with several processes: every step is a conditional update
 * or an insert on the unique (subscription, period), so only one process does each one; a pull is
 * signed and recorded before it is sent (see collectorPull.ts), and the contract itself refuses a
 * second pull in a period.
 */
export function createRenewalScheduler(options: RenewalSchedulerOptions): RenewalScheduler {
  const { context, clock, collectors } = options
  const { db } = context
  const graceMs = (options.graceSeconds ?? 3 * 86_400) * 1000
  const cancelAfterMs = (options.cancelAfterSeconds ?? 14 * 86_400) * 1000
  const pullTimeoutMs = options.pullTimeoutMs ?? 30_000
  const report = (error: unknown, where: string) => options.onError?.(error, `subscriptions ${where}`)

  /** Claims a renewal for this process, or returns false when another one holds it. */
  const claim = async (renewalId: string) => {
    const claimed = await db
      .update(subscriptionRenewals)
      .set({ leaseUntil: new Date(Date.now() + leaseMs) })
      .where(
        and(
          eq(subscriptionRenewals.id, renewalId),
          or(isNull(subscriptionRenewals.leaseUntil), lte(subscriptionRenewals.leaseUntil, new Date())),
        ),
      )
      .returning({ id: subscriptionRenewals.id })
    return claimed.length === 1
  }
  const release = (renewalId: string) =>
    db.update(subscriptionRenewals).set({ leaseUntil: null }).where(eq(subscriptionRenewals.id, renewalId))

  /** Records a paid period: the renewal, the subscription's next period, and `subscription.renewed`. */
  const markPaid = async (renewalId: string, txHash: string | null) => {
    const now = clock.now()
    await db.transaction(async (tx) => {
      const [renewal] = await tx
        .update(subscriptionRenewals)
        .set({ status: 'paid', paidAt: now, leaseUntil: null, ...(txHash ? { txHash } : {}) })
        .where(and(eq(subscriptionRenewals.id, renewalId), sql`${subscriptionRenewals.status} <> 'paid'`))
        .returning()
      if (!renewal) return
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, renewal.subscriptionId))
        .for('update')
      const [plan] = await tx.select().from(plans).where(eq(plans.id, row!.planId))
      const start = row!.currentPeriodEnd ?? now
      const end = new Date(start.getTime() + planIntervalSeconds[plan!.interval as PlanInterval] * 1000)
      const [updated] = await tx
        .update(subscriptions)
        .set({
          paidPeriods: Math.max(row!.paidPeriods, renewal.period + 1),
          currentPeriodStart: start,
          currentPeriodEnd: end,
          ...(row!.status === 'canceled' ? {} : { status: 'active' }),
        })
        .where(eq(subscriptions.id, row!.id))
        .returning()
      if (renewal.period > 0 || row!.status === 'trialing')
        await enqueueSubscriptionEvent(tx, 'subscription.renewed', updated!, { txHash })
    })
  }

  const settlePaidLinks = async () => {
    const paid = await db
      .select({ id: subscriptionRenewals.id })
      .from(subscriptionRenewals)
      .innerJoin(links, eq(links.id, subscriptionRenewals.linkId))
      .where(and(eq(subscriptionRenewals.status, 'pending'), eq(links.status, 'paid')))
      .limit(100)
    for (const { id } of paid) await markPaid(id, null)
  }

  const startDueRenewals = async () => {
    const now = clock.now()
    const due = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, ['trialing', 'active']),
          lte(subscriptions.currentPeriodEnd, now),
          sql`not exists (select 1 from ${subscriptionRenewals} r where r.subscription_id = ${subscriptions.id} and r.period = ${subscriptions.paidPeriods})`,
        ),
      )
      .limit(100)
    for (const row of due) {
      await db
        .insert(subscriptionRenewals)
        .values({
          id: newId('rnw'),
          subscriptionId: row.id,
          period: row.paidPeriods,
          dueAt: row.currentPeriodEnd!,
          method:
            row.renewal === 'automatic' && row.autoAssetId && collectorFor(collectors, row.autoAssetId.split('/')[0]!)
              ? 'pull'
              : 'link',
          createdAt: now,
        })
        .onConflictDoNothing()
    }
  }

  /** Renewals by link that have none yet: make it (a crash between the two leaves the lease to expire). */
  const makeRenewalLinks = async () => {
    const open = await db
      .select({ renewal: subscriptionRenewals, subscription: subscriptions, plan: plans })
      .from(subscriptionRenewals)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptionRenewals.method, 'link'),
          eq(subscriptionRenewals.status, 'pending'),
          isNull(subscriptionRenewals.linkId),
          sql`${subscriptions.status} <> 'canceled'`,
        ),
      )
      .limit(50)
    for (const { renewal, subscription, plan } of open) {
      if (!(await claim(renewal.id))) continue
      try {
        const linkId = await createPeriodLink(context, plan, subscription.id, renewal.period)
        await db.transaction(async (tx) => {
          await tx
            .update(subscriptionRenewals)
            .set({ linkId, leaseUntil: null })
            .where(eq(subscriptionRenewals.id, renewal.id))
          if (options.mailer) await enqueueRenewalEmail(tx, renewal, 'renewal')
        })
      } catch (error) {
        await release(renewal.id)
        report(error, 'renewal link')
      }
    }
  }

  const fallBackToLink = (renewalId: string, reason: string) =>
    db
      .update(subscriptionRenewals)
      .set({ method: 'link', status: 'pending', pullError: reason, pullTx: null, leaseUntil: null })
      .where(eq(subscriptionRenewals.id, renewalId))

  const pull = async () => {
    if (Object.keys(collectors).length === 0) return
    const open = await db
      .select({ renewal: subscriptionRenewals, subscription: subscriptions, plan: plans })
      .from(subscriptionRenewals)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptionRenewals.method, 'pull'), inArray(subscriptionRenewals.status, ['pending', 'pulling'])))
      .limit(20)
    for (const { renewal, subscription, plan } of open) {
      if (!(await claim(renewal.id))) continue
      try {
        const terms = automaticTerms(plan, context.assets, subscription.autoAssetId ?? '')
        if (subscription.status === 'canceled' || !terms || !subscription.collectorId) {
          if (!renewal.pullTx) await fallBackToLink(renewal.id, 'no automatic terms')
          else await release(renewal.id)
          continue
        }
        const caipNetworkId = terms.asset.caipNetworkId
        const collector = collectorFor(collectors, caipNetworkId)
        if (!collector) {
          if (!renewal.pullTx) await fallBackToLink(renewal.id, 'no collector for this network')
          else await release(renewal.id)
          continue
        }
        let raw = renewal.pullTx
        if (!raw) {
          const request = {
            caipNetworkId,
            collectorId: subscription.collectorId,
            payer: subscription.payerAddress ?? '',
            token: pulledTokenOf(terms.asset.assetId)!,
            decimals: terms.asset.decimals,
            to: terms.recipient ?? plan.merchantAddress,
            amount: terms.amount,
          }
          const check = await collector.check(request)
          if (!check.ok) {
            // The chain's clock may lag Paylink's a little: wait for it, up to the grace period.
            if (check.notDueYet && clock.now().getTime() < renewal.dueAt.getTime() + graceMs) await release(renewal.id)
            else await fallBackToLink(renewal.id, check.reason)
            continue
          }
          const signed = await collector.sign(request)
          raw = signed.raw
          await db
            .update(subscriptionRenewals)
            .set({ status: 'pulling', pullTx: signed.raw, txHash: signed.hash })
            .where(eq(subscriptionRenewals.id, renewal.id))
        }
        const outcome = await collector.send(caipNetworkId, raw, pullTimeoutMs)
        if (outcome.status === 'success') await markPaid(renewal.id, renewal.txHash ?? (await hashOf(renewal.id)))
        else if (outcome.status === 'reverted') await fallBackToLink(renewal.id, 'the pull reverted')
        else if (outcome.status === 'dropped')
          await db
            .update(subscriptionRenewals)
            .set({ status: 'pending', pullTx: null, txHash: null, leaseUntil: null })
            .where(eq(subscriptionRenewals.id, renewal.id))
        else await release(renewal.id)
      } catch (error) {
        await release(renewal.id).catch(() => {})
        report(error, 'pull')
      }
    }
  }
  const hashOf = async (renewalId: string) => {
    const [row] = await db
      .select({ txHash: subscriptionRenewals.txHash })
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.id, renewalId))
    return row?.txHash ?? null
  }

  /** Unpaid renewals due before `dueBefore` of subscriptions in one of `statuses`. */
  const unpaidRenewals = (statuses: string[], dueBefore: Date, linkOnly: boolean) =>
    db
      .select({ renewal: subscriptionRenewals })
      .from(subscriptionRenewals)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
      .where(
        and(
          eq(subscriptionRenewals.status, 'pending'),
          linkOnly ? eq(subscriptionRenewals.method, 'link') : undefined,
          inArray(subscriptions.status, statuses),
          lte(subscriptionRenewals.dueAt, dueBefore),
        ),
      )
      .limit(100)

  const markPastDue = async () => {
    const now = clock.now()
    const late = await unpaidRenewals(['trialing', 'active'], new Date(now.getTime() - graceMs), true)
    for (const { renewal } of late) {
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(subscriptions)
          .set({ status: 'past_due' })
          .where(
            and(eq(subscriptions.id, renewal.subscriptionId), inArray(subscriptions.status, ['trialing', 'active'])),
          )
          .returning()
        if (!updated) return
        await tx.update(subscriptionRenewals).set({ pastDueAt: now }).where(eq(subscriptionRenewals.id, renewal.id))
        if (options.mailer) await enqueueRenewalEmail(tx, renewal, 'past_due')
        await enqueueSubscriptionEvent(tx, 'subscription.past_due', updated, { dueLinkId: renewal.linkId })
      })
    }
  }

  const cancelUnpaid = async () => {
    const now = clock.now()
    const late = await unpaidRenewals(['past_due'], new Date(now.getTime() - graceMs - cancelAfterMs), false)
    for (const { renewal } of late) {
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(subscriptions)
          .set({ status: 'canceled', canceledAt: now })
          .where(and(eq(subscriptions.id, renewal.subscriptionId), eq(subscriptions.status, 'past_due')))
          .returning()
        if (updated) await enqueueSubscriptionEvent(tx, 'subscription.canceled', updated, {})
      })
    }
  }

  const steps: Array<[string, () => Promise<void>]> = [
    ['settle', settlePaidLinks],
    ['start', startDueRenewals],
    ['pull', pull],
    ['links', makeRenewalLinks],
    ['past_due', markPastDue],
    ['cancel', cancelUnpaid],
    [
      'mail',
      async () => {
        await options.mailer?.sendDue()
      },
    ],
  ]
  const runOnce = async () => {
    for (const [where, step] of steps) {
      try {
        await step()
      } catch (error) {
        report(error, where)
      }
    }
  }

  const sleep = createWakeableSleep()
  let running: Promise<void> | null = null
  let stopped = false
  return {
    runOnce,
    wake: () => sleep.wake(),
    start() {
      if (running) return
      stopped = false
      running = (async () => {
        while (!stopped) {
          await runOnce()
          if (!stopped) await sleep.sleep(options.intervalMs ?? 5000)
        }
      })()
    },
    async stop() {
      stopped = true
      sleep.wake()
      await running
      running = null
    },
  }
}
