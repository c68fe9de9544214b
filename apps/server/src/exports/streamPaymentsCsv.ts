import {
  formatUnits,
  paymentsCsvColumns,
  type Asset,
  type ListedPayment,
  type Payment,
  type PaymentsCsvQuery,
} from '@paylink/shared'
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { linkOptions, links, payments, refunds, x402Payments } from '../db/schema.js'
import { toX402PaymentView } from '../paymentList/listX402Payments.js'
import { pageRenewalPayments } from '../paymentList/listRenewalPayments.js'
import type { Db } from '../db/openDatabase.js'
import type { LinkOptionRow, LinkRow, PaymentRow } from '../db/rows.js'
import { toLinkView } from '../links/linkViews.js'
import { loadLinkRows } from '../links/loadLinkRows.js'
import type { Merchant } from '../merchants/merchant.js'
import { formatCsvRow } from './formatCsvRow.js'

interface PageRow {
  payment: PaymentRow
  createdAtText: string
  title: string
  priced: boolean
  order: Pick<LinkRow, 'orderOf' | 'quantity' | 'payerDetails'>
  option: Pick<LinkOptionRow, 'assetId' | 'symbol' | 'decimals'> | null
}

export interface StreamPaymentsCsvParameters {
  db: Db
  merchant: Merchant
  query: PaymentsCsvQuery
  /** The configured assets: a pulled renewal's amount is its plan's, in the asset's decimals. */
  assets: readonly Asset[]
  /** Rows read per query (default 500): memory stays flat however large the export. */
  pageSize?: number
}

/**
 * The merchant's payments as CSV text, the header first, then one record per payment, oldest
 * first. Read a page at a time by (created_at, id), so a large export is never held whole and a
 * payment made during the download is either in it once or not at all.
 */
export async function* streamPaymentsCsv({
  db,
  merchant,
  query,
  assets,
  pageSize = 500,
}: StreamPaymentsCsvParameters): AsyncGenerator<string> {
  yield formatCsvRow([...paymentsCsvColumns])
  // The time as Postgres's text (microseconds): a JS Date would cut it to milliseconds and repeat rows.
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const rows: PageRow[] = await db
      .select({
        payment: payments,
        createdAtText: sql<string>`${payments.createdAt}::text`,
        title: links.title,
        priced: sql<boolean>`${links.priceCurrency} is not null`,
        order: { orderOf: links.orderOf, quantity: links.quantity, payerDetails: links.payerDetails },
        option: { assetId: linkOptions.assetId, symbol: linkOptions.symbol, decimals: linkOptions.decimals },
      })
      .from(payments)
      .innerJoin(links, eq(links.id, payments.linkId))
      .leftJoin(linkOptions, eq(linkOptions.id, payments.optionId))
      .where(
        and(
          eq(links.merchant, merchant.id),
          query.from ? gte(payments.createdAt, new Date(query.from)) : undefined,
          query.to ? lt(payments.createdAt, new Date(query.to)) : undefined,
          query.status ? eq(payments.status, query.status) : undefined,
          after
            ? sql`(${payments.createdAt}, ${payments.id}) > (${after.createdAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(pageSize)
    const quotes = await quotesOf(db, rows)
    const refundRows = rows.length
      ? await db
          .select({ paymentId: refunds.paymentId, txHash: refunds.txHash, amount: refunds.amount })
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              rows.map((row) => row.payment.id),
            ),
          )
          .orderBy(asc(refunds.createdAt), asc(refunds.id))
      : []
    const records: CsvRecord[] = []
    for (const { payment, title, option, createdAtText, order } of rows) {
      const quote = quotes.get(payment.id) ?? null
      const own = refundRows.filter((refund) => refund.paymentId === payment.id)
      records.push({
        createdAtText,
        id: payment.id,
        cells: [
          payment.id,
          payment.linkId,
          title,
          payment.caipNetworkId,
          option?.assetId ?? null,
          option?.symbol ?? null,
          payment.amount !== null && option ? formatUnits(BigInt(payment.amount), option.decimals) : null,
          quote?.currency ?? null,
          quote?.fiatValue ?? null,
          quote?.rate ?? null,
          payment.payer,
          payment.txHash,
          payment.status,
          payment.reason,
          payment.confirmations,
          payment.requiredConfirmations,
          payment.late,
          payment.createdAt.toISOString(),
          payment.detectedAt?.toISOString() ?? null,
          payment.confirmedAt?.toISOString() ?? null,
          option
            ? formatUnits(
                own.reduce((sum, refund) => sum + BigInt(refund.amount), 0n),
                option.decimals,
              )
            : '0',
          own.map((refund) => refund.txHash).join(' '),
          order.orderOf,
          order.orderOf ? (order.quantity ?? 1) : null,
          order.payerDetails?.name ?? null,
          order.payerDetails?.email ?? null,
          order.payerDetails?.shippingAddress ?? null,
          order.payerDetails?.note ?? null,
          null,
          null,
        ],
      })
    }
    records.push(...(await x402Records(db, merchant, query, after, pageSize)))
    records.push(
      ...(await pageRenewalPayments(db, merchant, assets, query, after, pageSize, 'asc')).map((row) => ({
        createdAtText: row.createdAtText,
        id: row.id,
        cells: [
          ...viewCells(row.payment),
          // A renewal is of no order.
          ...Array<null>(6).fill(null),
          row.payment.subscription!.id,
          row.payment.subscription!.planId,
        ],
      })),
    )
    // Every source is read past the same position, so the first pageSize of the two, in order, are the next page.
    const page = records.sort(byPosition).slice(0, pageSize)
    const text = page.map((record) => formatCsvRow(record.cells)).join('')
    if (text) yield text
    if (page.length < pageSize) return
    const last = page.at(-1)!
    after = { createdAt: last.createdAtText, id: last.id }
  }
}

type CsvCells = Parameters<typeof formatCsvRow>[0]

interface CsvRecord {
  createdAtText: string
  id: string
  cells: CsvCells
}

/** Postgres writes every time in one zone and drops trailing zeros of the fraction, so its text sorts as the time. */
const byPosition = (a: CsvRecord, b: CsvRecord) =>
  a.createdAtText < b.createdAtText
    ? -1
    : a.createdAtText > b.createdAtText
      ? 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0

/** Up to `limit` of the merchant's settled x402 payments after `after`, oldest first, as CSV records (no link, no fiat, no refunds). */
async function x402Records(
  db: Db,
  merchant: Merchant,
  query: PaymentsCsvQuery,
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<CsvRecord[]> {
  // A settled x402 payment is confirmed and stays so.
  if (query.status && query.status !== 'confirmed') return []
  const rows = await db
    .select({ row: x402Payments, createdAtText: sql<string>`${x402Payments.createdAt}::text` })
    .from(x402Payments)
    .where(
      and(
        eq(x402Payments.merchant, merchant.id),
        query.from ? gte(x402Payments.createdAt, new Date(query.from)) : undefined,
        query.to ? lt(x402Payments.createdAt, new Date(query.to)) : undefined,
        after
          ? sql`(${x402Payments.createdAt}, ${x402Payments.id}) > (${after.createdAt}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(x402Payments.createdAt), asc(x402Payments.id))
    .limit(limit)
  return rows.map(({ row, createdAtText }) => ({
    createdAtText,
    id: row.id,
    // An x402 payment is of no order and no subscription.
    cells: [...viewCells(toX402PaymentView(row)), ...Array<null>(8).fill(null)],
  }))
}

/** The cells up to `refund_transactions` of a payment of no link (x402, pulled renewal): no fiat, no refunds. */
const viewCells = (view: ListedPayment): CsvCells => [
  view.id,
  null,
  view.linkTitle,
  view.caipNetworkId,
  view.asset,
  view.symbol,
  view.amount,
  null,
  null,
  null,
  view.payer,
  view.txHash,
  view.status,
  view.reason,
  view.confirmations,
  view.requiredConfirmations,
  view.late,
  view.createdAt,
  view.detectedAt,
  view.confirmedAt,
  view.refunded,
  '',
]

/**
 * The quote each payment of a fiat-priced link is judged against, as its link's view says (the
 * quote of the time it was first seen): one link read per fiat-priced link on the page.
 */
async function quotesOf(db: Db, rows: readonly PageRow[]): Promise<Map<string, Payment['quote']>> {
  const quotes = new Map<string, Payment['quote']>()
  const linkIds = [...new Set(rows.filter((row) => row.priced).map((row) => row.payment.linkId))]
  const now = new Date()
  for (const linkId of linkIds) {
    const linkRows = await loadLinkRows(db, linkId)
    if (!linkRows) continue
    const view = toLinkView(linkRows.link, linkRows.options, linkRows.payments, linkRows.quotes, now, linkRows.merchant)
    for (const payment of view.payments) quotes.set(payment.id, payment.quote)
  }
  return quotes
}
