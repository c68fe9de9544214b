import {
  createLinkBodySchemaFor,
  normalizeFiat,
  parseUnits,
  type Asset,
  type CreatePlanBody,
  type CreatedPlan,
  type Plan,
  type PlanInterval,
} from '@paylink/shared'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { plans } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { NotFoundError, RequestValidationError } from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'
import { formatIssuePath } from '../lib/formatIssuePath.js'
import { checkWebhookUrl, type WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import { newWebhookSecret } from '../webhooks/newWebhookSecret.js'

export type PlanRow = typeof plans.$inferSelect

/** The token an automatic renewal moves: an ERC-20 contract (`…/erc20:<address>`) or an SPL mint (`…/token:<mint>`); null for anything else. */
export function pulledTokenOf(assetId: string): string | null {
  const [, token] = assetId.split(/\/(?:erc20|token):/)
  return assetId.startsWith('eip155:') || assetId.startsWith('solana:') ? (token ?? null) : null
}

/**
 * What a collector can pull for a plan option: an EVM token (the collector contract) or a Solana
 * SPL token (the delegate) and its amount per period (atomic units).
 */
export function automaticTerms(
  plan: Pick<PlanRow, 'options' | 'priceCurrency' | 'priceAmount'>,
  assets: readonly Asset[],
  assetId: string,
): { asset: Asset; amount: bigint; recipient: string | null } | null {
  const option = plan.options.find((o) => o.asset.toLowerCase() === assetId.toLowerCase())
  const asset = assets.find((a) => a.assetId.toLowerCase() === assetId.toLowerCase())
  if (!option || !asset || asset.native || !pulledTokenOf(asset.assetId)) return null
  let amount: string | null = option.amount ?? null
  // A fiat price pulls a fixed amount only in a stablecoin pegged to that currency: no quote to lock.
  if (amount === null && plan.priceCurrency && plan.priceAmount && asset.peggedTo === plan.priceCurrency)
    amount = plan.priceAmount
  if (amount === null) return null
  return { asset, amount: parseUnits(amount, asset.decimals), recipient: option.recipient ?? null }
}

export function toPlanView(row: PlanRow, assets: readonly Asset[]): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceCurrency && row.priceAmount ? { currency: row.priceCurrency, amount: row.priceAmount } : null,
    options: row.options.map((o) => ({ asset: o.asset, amount: o.amount ?? null, recipient: o.recipient ?? null })),
    interval: row.interval as PlanInterval,
    trialDays: row.trialDays,
    active: row.disabledAt === null,
    automaticRenewal: row.options.some((o) => automaticTerms(row, assets, o.asset) !== null),
    createdAt: row.createdAt.toISOString(),
  }
}

export async function createPlan(
  db: Db,
  {
    merchant,
    body,
    assets,
    webhookPolicy,
    now = new Date(),
  }: {
    merchant: Merchant
    body: CreatePlanBody
    assets: readonly Asset[]
    webhookPolicy: WebhookPolicy
    now?: Date
  },
): Promise<CreatedPlan> {
  // A plan's options must make a valid link: checked with the links' own rules, so a renewal never fails on them.
  const asLink = createLinkBodySchemaFor(assets).safeParse({
    title: body.name,
    options: body.options,
    ...(body.price ? { price: body.price } : {}),
  })
  if (!asLink.success) {
    const issue = asLink.error.issues[0]!
    throw new RequestValidationError(`body.${formatIssuePath(issue.path)}: ${issue.message}`)
  }
  if (body.webhookUrl !== undefined) {
    const problem = checkWebhookUrl(body.webhookUrl, webhookPolicy)
    if (problem) throw new RequestValidationError(`body.webhookUrl: ${problem}`)
  }
  const [row] = await db
    .insert(plans)
    .values({
      id: newId('pln'),
      merchant: merchant.id,
      merchantAddress: merchant.address,
      name: body.name,
      description: body.description ?? null,
      priceCurrency: body.price?.currency ?? null,
      priceAmount: body.price ? normalizeFiat(body.price.amount, body.price.currency) : null,
      options: body.options,
      interval: body.interval,
      trialDays: body.trialDays ?? 0,
      webhookUrl: body.webhookUrl ?? null,
      webhookSecret: body.webhookUrl ? newWebhookSecret() : null,
      createdAt: now,
    })
    .returning()
  return { ...toPlanView(row!, assets), webhookUrl: row!.webhookUrl, webhookSecret: row!.webhookSecret }
}

export async function listPlans(db: Db, merchant: Merchant, assets: readonly Asset[]): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.merchant, merchant.id))
    .orderBy(desc(plans.createdAt))
    .limit(200)
  return rows.map((row) => toPlanView(row, assets))
}

export async function readPlan(db: Db, planId: string): Promise<PlanRow> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId))
  if (!row) throw new NotFoundError('PLAN_NOT_FOUND', `No plan ${planId}.`)
  return row
}

/** Stops new subscriptions to the plan; subscriptions already made keep renewing. Doing it twice changes nothing. */
export async function disablePlan(
  db: Db,
  merchant: Merchant,
  planId: string,
  assets: readonly Asset[],
  now = new Date(),
): Promise<Plan> {
  await db
    .update(plans)
    .set({ disabledAt: now })
    .where(and(eq(plans.id, planId), eq(plans.merchant, merchant.id), isNull(plans.disabledAt)))
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.merchant, merchant.id)))
  if (!row) throw new NotFoundError('PLAN_NOT_FOUND', `No plan ${planId} of yours.`)
  return toPlanView(row, assets)
}
