import {
  amountCapProblem,
  fiatCurrencies,
  formatUnits,
  normalizeFiat,
  type Donation,
  parseUnits,
  type Asset,
  type CreateOrderBody,
  type FiatCurrency,
  type Link,
  type Network,
} from '@paylink/shared'
import { asc, eq, sql } from 'drizzle-orm'
import type { LinkOptionRow } from '../db/rows.js'
import { linkOptions, links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { newId } from '../db/newId.js'
import { ConflictError, LinkNotFoundError, RequestValidationError } from '../errors.js'
import { toLinkView } from '../links/linkViews.js'
import { prepareOptions } from '../links/prepareOptions.js'
import { readPublicMerchants } from '../merchants/merchantProfileService.js'
import { countHeldOrders } from './countHeldOrders.js'
import { checkOrderBody } from './checkOrderBody.js'

export interface CreateOrderParameters {
  /** The reusable link. */
  linkId: string
  body: CreateOrderBody
  assets: readonly Asset[]
  networks: readonly Network[]
  /** How long an order waits to be paid before it expires alone (the quote window). */
  windowSeconds: number
  now?: Date
}

/**
 * A payer starts buying from a reusable link: a new link row of its own (`orderOf` the link) made
 * from the link's options, with the amounts (or the fiat price) times the quantity, fresh
 * receiving details per option (its own EVM deposit address, Solana Pay reference, Bitcoin
 * address), the link's webhook, and an expiry of one quote window. Everything a link has (quote,
 * status, payments, receipt, refunds, the tracker's watch) then works for the order as for any link.
 * Refused: a link that is not reusable (404), deactivated, expired or sold out (409).
 */
export async function createOrder(
  db: Db,
  { linkId, body, assets, networks, windowSeconds, now = new Date() }: CreateOrderParameters,
): Promise<Link> {
  const [order, options] = await db.transaction(async (tx) => {
    // The link's row lock orders concurrent checkouts, so two cannot both take the last one in stock.
    const [link] = await tx.select().from(links).where(eq(links.id, linkId)).for('update')
    if (!link || !link.reusable) throw new LinkNotFoundError(linkId)
    if (link.deactivatedAt) throw new ConflictError('LINK_INACTIVE', 'This link no longer accepts orders.')
    if (link.expiresAt && link.expiresAt <= now) throw new ConflictError('LINK_EXPIRED', 'This link has expired.')
    const { quantity, payer } = checkOrderBody(link.orderForm, body)
    if (link.maxOrders !== null && (await countHeldOrders(tx, link.id, now)) >= link.maxOrders) {
      throw new ConflictError('SOLD_OUT', `Sold out: all ${link.maxOrders} orders of this link are taken.`)
    }

    const parentOptions = await tx
      .select()
      .from(linkOptions)
      .where(eq(linkOptions.linkId, link.id))
      .orderBy(asc(linkOptions.position))
    const times = BigInt(quantity)
    const donation = link.orderForm?.donation
      ? donationAmount(link.orderForm.donation, body.amount, parentOptions[0]!)
      : null
    if (!donation && body.amount !== undefined)
      throw new RequestValidationError('body.amount: this link has its price; only a donation link takes an amount')
    const optionInputs = parentOptions.map((option, i) => {
      if (donation?.asset) return { asset: option.assetId, amount: donation.asset, recipient: option.recipient }
      if (option.amount === null) return { asset: option.assetId, recipient: option.recipient }
      const atomic = BigInt(option.amount) * times
      const tooLarge = amountCapProblem(
        { assetId: option.assetId, decimals: option.decimals, symbol: option.symbol },
        atomic,
      )
      if (tooLarge) throw new RequestValidationError(`body.quantity: the amount in options[${i}] ${tooLarge}`)
      return { asset: option.assetId, amount: formatUnits(atomic, option.decimals), recipient: option.recipient }
    })
    const currency = (donation?.currency ?? link.priceCurrency) as FiatCurrency | null
    const priceAmount = donation?.currency
      ? donation.fiat
      : currency && link.priceAmount
        ? normalizeFiat(
            formatUnits(parseUnits(link.priceAmount, fiatCurrencies[currency]) * times, fiatCurrencies[currency]),
            currency,
          )
        : null
    const windowEnd = new Date(now.getTime() + windowSeconds * 1000)
    const orderId = newId('lnk')
    const [inserted] = await tx
      .insert(links)
      .values({
        ...link,
        id: orderId,
        status: 'open',
        expiresAt: link.expiresAt && link.expiresAt < windowEnd ? link.expiresAt : windowEnd,
        priceCurrency: currency,
        priceAmount,
        version: 1,
        createdAt: now,
        paidAt: null,
        merchantNotifiedAt: null,
        deactivatedAt: null,
        reusable: false,
        orderOf: link.id,
        maxOrders: null,
        orderForm: null,
        quantity,
        payerDetails: payer,
        subscriptionId: null,
      })
      .returning()
    const [namespace, ...address] = link.merchant.split(':')
    const prepared = await prepareOptions({
      tx,
      linkId: orderId,
      merchant: { id: link.merchant, namespace: namespace!, address: address.join(':') },
      body: { options: optionInputs },
      assets,
      networks,
    })
    const insertedOptions = await tx.insert(linkOptions).values(prepared.rows).returning()
    // The link's view shows how many orders are left: its version bump tells every process and stream.
    if (link.maxOrders !== null)
      await tx
        .update(links)
        .set({ version: sql`${links.version} + 1` })
        .where(eq(links.id, link.id))
    return [inserted!, insertedOptions.sort((a, b) => a.position - b.position)] as const
  })
  const profile = (await readPublicMerchants(db, [order.merchant])).get(order.merchant)
  return toLinkView(order, options, [], [], now, profile)
}

/** Whose Idempotency-Keys an order request uses: the link's merchant's; an unknown link is the route's 404. */
export async function merchantOfLink(db: Db, linkId: string): Promise<string> {
  const [link] = await db.select({ merchant: links.merchant }).from(links).where(eq(links.id, linkId))
  if (!link) throw new LinkNotFoundError(linkId)
  return link.merchant
}

/**
 * The amount a donor typed, checked: in the link's currency (the order is then quoted from it) or
 * in the asset of its one option, with no more decimals than that unit has, above zero and not
 * below the link's minimum (400 otherwise).
 */
function donationAmount(
  donation: Donation,
  amount: string | undefined,
  option: Pick<LinkOptionRow, 'assetId' | 'decimals' | 'symbol'>,
): { currency: FiatCurrency; fiat: string; asset: null } | { currency: null; fiat: null; asset: string } {
  if (amount === undefined)
    throw new RequestValidationError('body.amount: is required: this link takes what the donor gives')
  const digits = donation.currency ? fiatCurrencies[donation.currency] : option.decimals
  const unit = donation.currency ?? option.symbol
  let atomic: bigint
  try {
    atomic = parseUnits(amount, digits)
  } catch {
    throw new RequestValidationError(`body.amount: ${unit} has ${digits} decimal places; "${amount}" has more`)
  }
  if (atomic <= 0n) throw new RequestValidationError('body.amount: must be more than 0')
  if (donation.minimum !== undefined && atomic < parseUnits(donation.minimum, digits))
    throw new RequestValidationError(`body.amount: must be at least ${donation.minimum} ${unit}`)
  if (donation.currency)
    return { currency: donation.currency, fiat: normalizeFiat(amount, donation.currency), asset: null }
  const tooLarge = amountCapProblem(option, atomic)
  if (tooLarge) throw new RequestValidationError(`body.amount: ${tooLarge}`)
  return { currency: null, fiat: null, asset: amount }
}
