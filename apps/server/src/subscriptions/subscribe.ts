import { randomBytes } from 'node:crypto'
import {
  planIntervalSeconds,
  type CollectorTerms,
  type CreatedSubscription,
  type PlanInterval,
  type RenewalMode,
  type SubscribeBody,
  type Subscription,
  type SubscriptionStatus,
} from '@paylink/shared'
import { PAYLINK_COLLECTOR_ADDRESS } from '@paylink/chains/eip155/core'
import { chainCoreOf } from '@paylink/chains/core'
import { tokenProgramId } from '@paylink/chains/solana/server'
import { and, desc, eq, ne } from 'drizzle-orm'
import { getAddress, keccak256, toHex } from 'viem'
import { subscriptionEmails, subscriptionRenewals, subscriptions } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { ConflictError, NotFoundError, RequestValidationError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'
import { createPeriodLink, type PeriodLinkContext } from './periodLink.js'
import { automaticTerms, pulledTokenOf, readPlan, type PlanRow } from './plans.js'
import { enqueueSubscriptionEvent } from './subscriptionEvents.js'
import { hashSecretToken } from '../hashSecretToken.js'

export type SubscriptionRow = typeof subscriptions.$inferSelect

/** Renewals the contract allows this long before Paylink asks: the chains' clocks may lag Paylink's a little. */
export const collectorLeadSeconds = 3600

export const hashManageToken = hashSecretToken

/** The contract's bytes32 id of a subscription. */
export const collectorIdOf = (subscriptionId: string) => keccak256(toHex(subscriptionId))

/** The collector key's address per chain family (CAIP-2 namespace); a family missing: no automatic renewal there. */
export type CollectorAddresses = Readonly<Partial<Record<string, string>>>

/**
 * What the payer's wallet consents to. EVM: the collector contract's `subscribe` with these terms,
 * then an ERC-20 `approve` of the contract. Solana: an SPL `approve` (or `approveChecked`) of
 * `collector` as the delegate of the payer's token account for `token`, up to the cap the payer
 * picks (`contract` is the token program; `id` and `firstCollectAt` mean nothing there).
 */
export function collectorTermsOf(
  row: SubscriptionRow,
  plan: PlanRow,
  context: { assets: PeriodLinkContext['assets']; collectorAddresses: CollectorAddresses },
): CollectorTerms | null {
  if (row.renewal !== 'automatic' || !row.autoAssetId || !row.collectorId) return null
  const terms = automaticTerms(plan, context.assets, row.autoAssetId)
  const collector = terms ? context.collectorAddresses[terms.asset.caipNetworkId.split(':')[0]!] : undefined
  if (!terms || !collector) return null
  const evm = terms.asset.caipNetworkId.startsWith('eip155:')
  const token = pulledTokenOf(terms.asset.assetId)!
  const merchant = terms.recipient ?? plan.merchantAddress
  return {
    caipNetworkId: terms.asset.caipNetworkId,
    contract: evm ? PAYLINK_COLLECTOR_ADDRESS : tokenProgramId,
    id: row.collectorId,
    token: evm ? getAddress(token) : token,
    merchant: evm ? getAddress(merchant) : merchant,
    collector,
    amount: terms.amount.toString(),
    intervalSeconds: planIntervalSeconds[plan.interval as PlanInterval],
    firstCollectAt: row.firstCollectAt ?? 0,
  }
}

export async function toSubscriptionView(
  db: Db,
  row: SubscriptionRow,
  plan: PlanRow,
  context: { assets: PeriodLinkContext['assets']; collectorAddresses: CollectorAddresses },
): Promise<Subscription> {
  const [due] = await db
    .select({ linkId: subscriptionRenewals.linkId })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, row.id), ne(subscriptionRenewals.status, 'paid')))
    .orderBy(desc(subscriptionRenewals.period))
    .limit(1)
  return {
    id: row.id,
    planId: row.planId,
    status: row.status as SubscriptionStatus,
    renewal: row.renewal as RenewalMode,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    paidPeriods: row.paidPeriods,
    dueLinkId: row.status === 'canceled' ? null : (due?.linkId ?? null),
    collector: collectorTermsOf(row, plan, context),
    createdAt: row.createdAt.toISOString(),
    canceledAt: row.canceledAt?.toISOString() ?? null,
  }
}

/**
 * Subscribes a payer: the subscription, and (without a trial) its first period's link at once;
 * with a trial, the first payment is the renewal at the trial's end. Automatic renewal answers the
 * terms the payer's wallet signs on the collector contract.
 */
export async function subscribe({
  context,
  planId,
  body,
  collectorAddresses,
  now,
}: {
  context: PeriodLinkContext
  planId: string
  body: SubscribeBody
  /** The collector keys' addresses; none: this instance offers no automatic renewal. */
  collectorAddresses: CollectorAddresses
  now: Date
}): Promise<CreatedSubscription> {
  const { db } = context
  const plan = await readPlan(db, planId)
  if (plan.disabledAt) throw new ConflictError('PLAN_DISABLED', 'This plan takes no new subscriptions.')
  const renewal = body.renewal ?? 'pay_each_period'
  let payerAddress: string | null = null
  if (renewal === 'automatic') {
    const terms = automaticTerms(plan, context.assets, body.asset!)
    if (!terms)
      throw new RequestValidationError(
        'body.asset: automatic renewal needs one of the plan’s EVM or Solana token options with a fixed amount',
      )
    const namespace = terms.asset.caipNetworkId.split(':')[0]!
    if (!collectorAddresses[namespace])
      throw new RequestValidationError(
        `body.renewal: this instance offers no automatic renewal on ${namespace} (no collector key)`,
      )
    // The payer's wallet by its family's own rules (EIP-55 on EVM, an ed25519 key on Solana).
    const core = chainCoreOf(namespace)!
    const problem = core.recipientProblem(body.payerAddress!)
    if (problem) throw new RequestValidationError(`body.payerAddress: ${problem}`)
    payerAddress = core.canonicalAddress(body.payerAddress!)
  }
  const manageToken = randomBytes(24).toString('base64url')
  const id = newId('sub')
  const trialEnd = plan.trialDays > 0 ? new Date(now.getTime() + plan.trialDays * 86_400_000) : null
  const firstRenewalAt = trialEnd ?? new Date(now.getTime() + planIntervalSeconds[plan.interval as PlanInterval] * 1000)
  const row: typeof subscriptions.$inferInsert = {
    id,
    planId: plan.id,
    merchant: plan.merchant,
    status: trialEnd ? 'trialing' : 'incomplete',
    email: body.email,
    language: body.language ?? null,
    manageTokenHash: hashManageToken(manageToken),
    renewal,
    payerAddress,
    autoAssetId: renewal === 'automatic' ? body.asset! : null,
    collectorId: renewal === 'automatic' ? collectorIdOf(id) : null,
    firstCollectAt: renewal === 'automatic' ? Math.floor(firstRenewalAt.getTime() / 1000) - collectorLeadSeconds : null,
    paidPeriods: 0,
    currentPeriodStart: trialEnd ? now : null,
    currentPeriodEnd: trialEnd,
    createdAt: now,
  }
  // The link first (it is nobody's until the subscription names it), then the subscription and its period 0.
  const firstLinkId = trialEnd ? null : await createPeriodLink(context, plan, id, 0)
  const [inserted] = await db.transaction(async (tx) => {
    const created = await tx
      .insert(subscriptions)
      .values({ ...row, firstLinkId })
      .returning()
    if (firstLinkId)
      await tx.insert(subscriptionRenewals).values({
        id: newId('rnw'),
        subscriptionId: id,
        period: 0,
        dueAt: now,
        method: 'link',
        linkId: firstLinkId,
        createdAt: now,
      })
    await enqueueSubscriptionEvent(tx, 'subscription.created', created[0]!, { dueLinkId: firstLinkId })
    return created
  })
  const view = await toSubscriptionView(db, inserted!, plan, { assets: context.assets, collectorAddresses })
  return { ...view, manageToken }
}

/** The subscription its payer's token opens (a wrong token reads as no subscription). */
export async function readSubscriptionWithToken(db: Db, id: string, token: string): Promise<SubscriptionRow> {
  const hash = hashManageToken(token)
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id))
  // The subscribe answer's token, or the one in any renewal e-mail the payer got.
  const valid =
    row &&
    (row.manageTokenHash === hash ||
      (
        await db
          .select({ id: subscriptionEmails.id })
          .from(subscriptionEmails)
          .where(and(eq(subscriptionEmails.subscriptionId, id), eq(subscriptionEmails.manageTokenHash, hash)))
          .limit(1)
      ).length === 1)
  if (!valid) throw new NotFoundError('SUBSCRIPTION_NOT_FOUND', `No subscription ${id} for this token.`)
  return row
}

export async function listSubscriptions(db: Db, merchant: Merchant) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.merchant, merchant.id))
    .orderBy(desc(subscriptions.createdAt))
    .limit(500)
}
