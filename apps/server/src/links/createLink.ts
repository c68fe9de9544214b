import { parseCaipAssetId, parseUnits, type Asset, type CreateLinkBody, type CreatedLink, type Network } from '@paylink/shared'
import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { getAddress, isAddress } from 'viem'
import { linkOptions, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { LimitError, RequestValidationError, ValidationError } from '../errors.js'
import { checkWebhookUrl, type WebhookPolicy } from '../webhooks/checkWebhookUrl.js'
import { newWebhookSecret } from '../webhooks/newWebhookSecret.js'
import { toLinkView } from './linkViews.js'
import { newId } from '../db/newId.js'
import type { Merchant } from '../merchants/merchant.js'

export interface CreateLinkParameters {
  db: Db
  merchant: Merchant
  /** Already checked with createLinkBodySchemaFor(assets). */
  body: CreateLinkBody
  assets: readonly Asset[]
  networks: readonly Network[]
  webhookPolicy: WebhookPolicy
  /** Open or partially paid, unexpired links a merchant may have at once. */
  maxOpenLinks: number
  now?: Date
}

/** Namespaces whose payments the server can verify today. */
const payableNamespaces = new Set(['eip155'])

export async function createLink({ db, merchant, body, assets, networks, webhookPolicy, maxOpenLinks, now = new Date() }: CreateLinkParameters): Promise<CreatedLink> {
  if (body.webhookUrl !== undefined) {
    const problem = checkWebhookUrl(body.webhookUrl, webhookPolicy)
    if (problem) throw new RequestValidationError(`body.webhookUrl: ${problem}`)
  }
  const linkId = newId('lnk')
  const optionRows = body.options.map((option, position) => {
    const where = `body.options[${position}]`
    const asset = assets.find((a) => a.assetId.toLowerCase() === option.asset.toLowerCase())
    if (!asset) throw new RequestValidationError(`${where}.asset: "${option.asset}" is not a configured asset`)
    const parsed = parseCaipAssetId(asset.assetId)
    const namespace = parsed.caipNetworkId.split(':')[0]!
    if (!payableNamespaces.has(namespace) || !networks.some((n) => n.caipNetworkId === asset.caipNetworkId)) {
      throw new ValidationError('UNSUPPORTED_ASSET', `${where}.asset: payments on ${asset.caipNetworkId} cannot be verified yet`)
    }
    const recipient = option.recipient ?? (merchant.namespace === namespace ? merchant.address : undefined)
    if (!recipient || !isAddress(recipient, { strict: false })) {
      throw new RequestValidationError(`${where}.recipient: is required (the signed-in account is not an ${namespace} address)`)
    }
    const tokenAddress = asset.native ? null : parsed.assetReference.toLowerCase()
    if (tokenAddress !== null && !isAddress(tokenAddress, { strict: false })) {
      throw new ValidationError('UNSUPPORTED_ASSET', `${where}.asset: "${asset.assetId}" is not an ERC-20 contract`)
    }
    return {
      id: newId('opt'),
      linkId,
      position,
      assetId: asset.assetId,
      caipNetworkId: asset.caipNetworkId,
      symbol: asset.symbol,
      decimals: asset.decimals,
      tokenAddress,
      amount: parseUnits(option.amount, asset.decimals).toString(),
      recipient: getAddress(recipient),
    }
  })

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
    version: 1,
    createdAt: now,
    paidAt: null,
  }
  const [link, options] = await db.transaction(async (tx) => {
    // One creation per merchant at a time, so two concurrent requests cannot both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`links:${merchant.id}`}))`)
    const [open] = await tx
      .select({ n: count() })
      .from(links)
      .where(and(eq(links.merchant, merchant.id), inArray(links.status, ['open', 'partially_paid']), or(isNull(links.expiresAt), gt(links.expiresAt, now))))
    if (open!.n >= maxOpenLinks) {
      throw new LimitError('TOO_MANY_OPEN_LINKS', `You have ${open!.n} open links, the most this instance allows (${maxOpenLinks}); wait for some to be paid or expire.`)
    }
    const [inserted] = await tx.insert(links).values(linkRow).returning()
    const insertedOptions = await tx.insert(linkOptions).values(optionRows).returning()
    return [inserted!, insertedOptions.sort((a, b) => a.position - b.position)] as const
  })
  return { ...toLinkView(link, options, [], now), webhookUrl: link.webhookUrl, webhookSecret }
}
