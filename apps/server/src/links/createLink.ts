import {
  fiatCurrencies,
  normalizeFiat,
  parseUnits,
  type Asset,
  type Donation,
  type CreateLinkBody,
  type CreatedLink,
  type Network,
} from '@paylink/shared'
import { linkOptions, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { LimitError, RequestValidationError } from '../errors.js'
import { checkWebhookUrl, type WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import { newWebhookSecret } from '../webhooks/newWebhookSecret.js'
import { countOpenLinks } from './countOpenLinks.js'
import { toLinkView } from './linkViews.js'
import { readPublicMerchants } from '../merchants/merchantProfileService.js'
import { newId } from '../db/newId.js'
import type { Merchant } from '../merchants/merchant.js'
import { prepareOptions } from './prepareOptions.js'
import { lockUntilCommit } from '../db/transaction.js'

/** The server's rules every new link is made under: the same for every request. */
export interface LinkRules {
  assets: readonly Asset[]
  networks: readonly Network[]
  webhookPolicy: WebhookPolicy
  /** Open or partially paid, unexpired links a merchant may have at once. */
  maxOpenLinks: number
  /** Grace after expiry for late payments when the body names none (LATE_PAYMENT_GRACE_SECONDS). */
  defaultLateGraceSeconds?: number
}

export interface CreateLinkParameters extends LinkRules {
  merchant: Merchant
  /** Already checked with createLinkBodySchemaFor(assets). */
  body: CreateLinkBody
  now?: Date
}

/** A donation link's terms, its minimum and suggested amounts checked against the unit the payer types in. */
function donationOf(body: CreateLinkBody, assets: readonly Asset[]): Donation | null {
  if (body.amount !== 'payer') return null
  const donation = body.donation ?? {}
  const asset = assets.find((a) => a.assetId.toLowerCase() === body.options[0]!.asset.toLowerCase())
  const digits = donation.currency ? fiatCurrencies[donation.currency] : (asset?.decimals ?? 0)
  const unit = donation.currency ?? asset?.symbol ?? 'the asset'
  for (const [field, amount] of [
    ['minimum', donation.minimum],
    ...(donation.suggested ?? []).map((value, i) => [`suggested[${i}]`, value] as const),
  ] as const) {
    if (amount === undefined) continue
    let atomic: bigint
    try {
      atomic = parseUnits(amount, digits)
    } catch {
      throw new RequestValidationError(
        `body.donation.${field}: ${unit} has ${digits} decimal places; "${amount}" has more`,
      )
    }
    if (atomic <= 0n) throw new RequestValidationError(`body.donation.${field}: must be more than 0`)
  }
  return donation
}

export async function createLink(
  db: Db,
  {
    merchant,
    body,
    assets,
    networks,
    webhookPolicy,
    maxOpenLinks,
    defaultLateGraceSeconds = 0,
    now = new Date(),
  }: CreateLinkParameters,
): Promise<CreatedLink> {
  if (body.webhookUrl !== undefined) {
    const problem = checkWebhookUrl(body.webhookUrl, webhookPolicy)
    if (problem) throw new RequestValidationError(`body.webhookUrl: ${problem}`)
  }
  const linkId = newId('lnk')
  const webhookSecret = body.webhookUrl ? newWebhookSecret() : null
  const linkRow = {
    id: linkId,
    merchant: merchant.id,
    merchantAddress: merchant.address,
    title: body.title,
    description: body.description ?? null,
    status: 'open',
    expiresAt: body.expiresInSeconds ? new Date(now.getTime() + body.expiresInSeconds * 1000) : null,
    webhookUrl: body.webhookUrl ?? null,
    webhookSecret,
    webhookPreviousSecret: null,
    webhookPreviousSecretExpiresAt: null,
    successUrl: body.successUrl ?? null,
    receiptEmail: body.receiptEmail ?? true,
    priceCurrency: body.price?.currency ?? null,
    priceAmount: body.price ? normalizeFiat(body.price.amount, body.price.currency) : null,
    underpaymentTolerancePercent: body.underpaymentTolerancePercent ?? '0',
    latePaymentGraceSeconds: body.latePaymentGraceSeconds ?? defaultLateGraceSeconds,
    version: 1,
    createdAt: now,
    paidAt: null,
    merchantNotifiedAt: null,
    deactivatedAt: null,
    reusable: body.reusable ?? false,
    orderOf: null,
    maxOrders: body.maxOrders ?? null,
    orderForm: body.reusable
      ? {
          quantity: body.quantity ?? null,
          fields: body.fields ?? [],
          donation: donationOf(body, assets),
          ...(body.pos ? { pos: true } : {}),
        }
      : null,
    quantity: null,
    payerDetails: null,
  }
  const [link, options, warnings] = await db.transaction(async (tx) => {
    // One creation per merchant at a time, so two concurrent requests cannot both pass the cap.
    await lockUntilCommit(tx, `links:${merchant.id}`)
    const open = await countOpenLinks(tx, merchant.id, now)
    if (open >= maxOpenLinks) {
      throw new LimitError(
        'TOO_MANY_OPEN_LINKS',
        `You have ${open} open links, the most this instance allows (${maxOpenLinks}); wait for some to be paid or expire.`,
      )
    }
    const [inserted] = await tx.insert(links).values(linkRow).returning()
    const prepared = await prepareOptions({ tx, linkId, merchant, body, assets, networks })
    // A reusable link is never paid itself: nothing is watched for it, each order gets its own receiving details.
    const rows = linkRow.reusable
      ? prepared.rows.map((row) => ({ ...row, depositAddress: null, reference: null }))
      : prepared.rows
    const insertedOptions = await tx.insert(linkOptions).values(rows).returning()
    return [inserted!, insertedOptions.sort((a, b) => a.position - b.position), prepared.warnings] as const
  })
  const profile = (await readPublicMerchants(db, [merchant.id])).get(merchant.id)
  return {
    ...toLinkView(link, options, [], [], now, profile),
    webhookUrl: link.webhookUrl,
    webhookSecret,
    ...(warnings.length ? { warnings } : {}),
  }
}
