import {
  defaultPaymentListLimit,
  fiatCurrencies,
  formatFiatScaled,
  formatUnits,
  rateDecimals,
  type Asset,
  type FiatCurrency,
  type PaymentList,
  type PaymentListQuery,
} from '@paylink/shared'
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { linkOptions, linkQuotes, links, payments, refunds } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import type { Merchant } from '../merchants/merchant.js'
import { toPaymentView } from '../links/linkViews.js'
import { blockTimeResolutionMs } from '../links/linkStatus.js'
import { decodePaymentCursor, encodePaymentCursor } from './paymentCursor.js'
import { listFilterConditions } from './listFilters.js'
import { pageX402Payments, sumX402Payments } from './listX402Payments.js'
import { pageRenewalPayments, sumRenewalPayments } from './listRenewalPayments.js'

export interface ListPaymentsParameters {
  db: Db
  merchant: Merchant
  query: PaymentListQuery
  /** The configured assets: a pulled renewal's amount is its plan's, in the asset's decimals. */
  assets: readonly Asset[]
}

/**
 * A page of the merchant's payments across all links, newest first, with the sums per asset of
 * everything the filters match. Paged by (created_at, id) from a cursor, so a merchant with
 * 10,000 payments reads 50 at a time and a payment recorded meanwhile never shifts a page.
 * `q` is a whole link, payment or transaction id or payer address (any case: indexed on
 * lower()) or a piece of the link's title; a reusable link's id also finds its orders' payments.
 */
export async function listPayments({ db, merchant, query, assets }: ListPaymentsParameters): Promise<PaymentList> {
  const limit = query.limit ?? defaultPaymentListLimit
  const position = query.after === undefined ? null : decodePaymentCursor(query.after)
  const filters: Array<SQL | undefined> = [
    eq(links.merchant, merchant.id),
    query.status ? eq(payments.status, query.status) : undefined,
    ...listFilterConditions(query, {
      assetId: linkOptions.assetId,
      time: payments.createdAt,
      // A reusable link's id finds its orders' payments (it is never paid itself).
      ids: [links.id, links.orderOf, payments.id],
      txHash: payments.txHash,
      payer: payments.payer,
      texts: [links.title],
    }),
  ]
  const rows = await db
    .select({
      payment: payments,
      createdAtText: sql<string>`${payments.createdAt}::text`,
      title: links.title,
      orderOf: links.orderOf,
      option: linkOptions,
    })
    .from(payments)
    .innerJoin(links, eq(links.id, payments.linkId))
    .leftJoin(linkOptions, eq(linkOptions.id, payments.optionId))
    .where(
      and(
        ...filters,
        position
          ? sql`(${payments.createdAt}, ${payments.id}) < (${position.createdAt}::timestamptz, ${position.id})`
          : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit + 1)

  const sums = await db
    .select({
      asset: linkOptions.assetId,
      caipNetworkId: linkOptions.caipNetworkId,
      symbol: linkOptions.symbol,
      decimals: linkOptions.decimals,
      // numeric sums come back as text: exact, read as bigint.
      confirmed: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'confirmed'), 0)::text`,
      confirming: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'confirming'), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .innerJoin(links, eq(links.id, payments.linkId))
    .leftJoin(linkOptions, eq(linkOptions.id, payments.optionId))
    .where(and(...filters))
    .groupBy(linkOptions.assetId, linkOptions.caipNetworkId, linkOptions.symbol, linkOptions.decimals)

  const fiatSums = await sumFiat(db, and(...filters))

  const x402Rows = await pageX402Payments(db, merchant, query, position, limit + 1)
  const x402Sums = await sumX402Payments(db, merchant, query)
  const renewalRows = await pageRenewalPayments(db, merchant, assets, query, position, limit + 1, 'desc')
  const renewalSums = await sumRenewalPayments(db, merchant, assets, query)

  const page = rows.slice(0, limit)
  const refundRows = page.length
    ? await db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            page.map(({ payment }) => payment.id),
          ),
        )
        .orderBy(asc(refunds.createdAt), asc(refunds.id))
    : []
  // Link payments, x402 payments and pulled renewals, each a newest-first page of limit + 1: merged, the first
  // limit + 1 are the list's. Postgres's text of one session's timestamps sorts as the times do.
  const merged = [
    ...page.map(({ payment, title, orderOf, option, createdAtText }) => ({
      createdAtText,
      id: payment.id,
      payment: {
        ...toPaymentView(payment, option ?? undefined, undefined, null, refundRows),
        orderOf,
        linkTitle: title,
        symbol: option?.symbol ?? null,
        kind: 'link' as const,
      },
    })),
    ...(rows.length > limit
      ? [{ createdAtText: rows[limit]!.createdAtText, id: rows[limit]!.payment.id, payment: null }]
      : []),
    ...x402Rows,
    ...renewalRows,
  ].sort((a, b) => compareDesc(a.createdAtText, b.createdAtText) || compareDesc(a.id, b.id))
  const shown = merged.slice(0, limit)
  const last = shown.at(-1)
  const hasMore = merged.length > limit
  const totals = new Map<
    string,
    { caipNetworkId: string; symbol: string; decimals: number; confirmed: bigint; confirming: bigint; count: number }
  >()
  for (const sum of sums) {
    if (sum.asset === null) continue
    totals.set(sum.asset, {
      caipNetworkId: sum.caipNetworkId!,
      symbol: sum.symbol!,
      decimals: sum.decimals!,
      confirmed: BigInt(sum.confirmed),
      confirming: BigInt(sum.confirming),
      count: sum.count,
    })
  }
  // x402 payments and pulled renewals are all confirmed.
  for (const sum of [...x402Sums, ...renewalSums]) {
    const known = totals.get(sum.asset)
    if (known) {
      known.confirmed += BigInt(sum.confirmed)
      known.count += sum.count
    } else totals.set(sum.asset, { ...sum, confirmed: BigInt(sum.confirmed), confirming: 0n })
  }
  return {
    // The padding row (a link payment past the page) is never among the first `limit`.
    payments: shown.map(({ payment }) => payment!),
    totals: [...totals]
      .map(([asset, sum]) => ({
        asset,
        caipNetworkId: sum.caipNetworkId,
        symbol: sum.symbol,
        decimals: sum.decimals,
        confirmed: formatUnits(sum.confirmed, sum.decimals),
        confirming: formatUnits(sum.confirming, sum.decimals),
        count: sum.count,
      }))
      .sort((a, b) => a.symbol.localeCompare(b.symbol) || a.asset.localeCompare(b.asset)),
    fiatTotals: fiatSums.map((sum) => ({
      currency: sum.currency,
      confirmed: minorText(BigInt(sum.confirmed), sum.currency),
      confirming: minorText(BigInt(sum.confirming), sum.currency),
      count: sum.count,
    })),
    matched: [...sums, ...x402Sums, ...renewalSums].reduce((n, sum) => n + sum.count, 0),
    nextCursor: hasMore && last ? encodePaymentCursor({ createdAt: last.createdAtText, id: last.id }) : null,
    hasMore,
  }
}

const compareDesc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)

/** Minor units of a currency ("1200" cents) as it writes them ("12.00"). */
const minorText = (minor: bigint, currency: FiatCurrency) =>
  formatFiatScaled(minor * 10n ** BigInt(rateDecimals - fiatCurrencies[currency]), currency, 'down')

/**
 * The matched payments' fiat worth per currency, in minor units, added in Postgres numeric (exact):
 * each confirmed or confirming payment of a fiat-priced link at the quote it was made under (the
 * newest quote with a rate made at or before it was first seen, as `quoteOfPayment` picks), rounded
 * down to the currency's minor unit as its `quote.fiatValue` is, so the total is the sum of the
 * values shown. A payment with no such quote has no worth and is left out.
 */
async function sumFiat(db: Db, where: SQL | undefined) {
  // A block's time is whole seconds, rounded down: quoteOfPayment's rule.
  const blockTime = sql.raw(String(blockTimeResolutionMs))
  const minorDigits = sql.join(
    Object.entries(fiatCurrencies).map(
      ([code, digits]) => sql`when ${code} then ${sql.raw(String(rateDecimals - digits))}`,
    ),
    sql` `,
  )
  const { rows } = await db.execute<{
    currency: FiatCurrency
    confirmed: string
    confirming: string
    count: number
  }>(sql`
    select currency,
      coalesce(sum(minor) filter (where status = 'confirmed'), 0)::text as confirmed,
      coalesce(sum(minor) filter (where status = 'confirming'), 0)::text as confirming,
      count(*)::int as count
    from (
      select ${links.priceCurrency} as currency, ${payments.status} as status,
        div(${payments.amount} * quote.rate, power(10::numeric, ${linkOptions.decimals} + (case ${links.priceCurrency} ${minorDigits} end))) as minor
      from ${payments}
      inner join ${links} on ${links.id} = ${payments.linkId}
      inner join ${linkOptions} on ${linkOptions.id} = ${payments.optionId}
      cross join lateral (
        select ${linkQuotes.rate} as rate from ${linkQuotes}
        where ${linkQuotes.optionId} = ${payments.optionId} and ${linkQuotes.rate} is not null
          and ${linkQuotes.createdAt} <= least(${payments.createdAt}, ${payments.minedAt} + ${blockTime} * interval '1 millisecond')
        order by ${linkQuotes.createdAt} desc limit 1
      ) quote
      where ${where} and ${links.priceCurrency} is not null and ${payments.amount} is not null and ${payments.status} in ('confirmed', 'confirming')
    ) worth
    group by currency
    order by currency`)
  return rows.map((row) => ({ ...row, count: Number(row.count) }))
}
