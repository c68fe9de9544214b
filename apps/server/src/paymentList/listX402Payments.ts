import { formatUnits, type ListedPayment, type PaymentListQuery } from '@paylink/shared'
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { x402Payments } from '../db/schema.js'
import type { Merchant } from '../merchants/merchant.js'
import { listFilterConditions } from './listFilters.js'
import type { PaymentPosition } from './paymentCursor.js'

/**
 * The merchant's x402 payments under the list's filters, or null when the filters exclude them
 * all (a settled x402 payment is always confirmed).
 */
function filtersOf(merchant: Merchant, query: PaymentListQuery): SQL | null {
  if (query.status && query.status !== 'confirmed') return null
  return and(
    eq(x402Payments.merchant, merchant.id),
    ...listFilterConditions(query, {
      assetId: x402Payments.assetId,
      time: x402Payments.createdAt,
      ids: [x402Payments.id],
      txHash: x402Payments.txHash,
      payer: x402Payments.payer,
      texts: [x402Payments.description, x402Payments.resourceUrl],
    }),
  )!
}

export interface X402PageRow {
  createdAtText: string
  id: string
  payment: ListedPayment
}

/** Up to `limit` x402 payments before `position`, newest first, as the list shows them. */
export async function pageX402Payments(
  db: Db,
  merchant: Merchant,
  query: PaymentListQuery,
  position: PaymentPosition | null,
  limit: number,
): Promise<X402PageRow[]> {
  const filters = filtersOf(merchant, query)
  if (!filters) return []
  const rows = await db
    .select({ row: x402Payments, createdAtText: sql<string>`${x402Payments.createdAt}::text` })
    .from(x402Payments)
    .where(
      and(
        filters,
        position
          ? sql`(${x402Payments.createdAt}, ${x402Payments.id}) < (${position.createdAt}::timestamptz, ${position.id})`
          : undefined,
      ),
    )
    .orderBy(desc(x402Payments.createdAt), desc(x402Payments.id))
    .limit(limit)
  return rows.map(({ row, createdAtText }) => ({ createdAtText, id: row.id, payment: toX402PaymentView(row) }))
}

/** An x402 payment as the list, the CSV and the `payment.x402` event show it. */
export function toX402PaymentView(row: typeof x402Payments.$inferSelect): ListedPayment {
  return minedPaymentOfNoLink(
    {
      id: row.id,
      kind: 'x402',
      linkTitle: row.description || row.resourceUrl || 'x402 payment',
      x402: { resourceUrl: row.resourceUrl, description: row.description },
      symbol: row.symbol,
      caipNetworkId: row.caipNetworkId,
      txHash: row.txHash,
      amount: formatUnits(BigInt(row.amount), row.decimals),
      asset: row.assetId,
      payer: row.payer,
    },
    // Settled means mined with success: the facilitator waited for the receipt.
    row.createdAt,
  )
}

/**
 * A payment of no link (x402, a renewal the collector pulled) mined with success when it was
 * recorded: confirmed at `at`, with no quote and no refunds.
 */
export function minedPaymentOfNoLink(
  own: Pick<
    ListedPayment,
    | 'id'
    | 'kind'
    | 'linkTitle'
    | 'x402'
    | 'subscription'
    | 'symbol'
    | 'caipNetworkId'
    | 'txHash'
    | 'amount'
    | 'asset'
    | 'payer'
  >,
  at: Date,
): ListedPayment {
  const time = at.toISOString()
  return {
    linkId: null,
    orderOf: null,
    ...own,
    status: 'confirmed',
    reason: null,
    confirmations: 1,
    requiredConfirmations: 1,
    optionId: null,
    blockNumber: null,
    late: false,
    counted: true,
    quote: null,
    refunds: [],
    refunded: '0',
    refundAddress: null,
    createdAt: time,
    updatedAt: time,
    detectedAt: time,
    confirmedAt: time,
  }
}

/** Per asset, the x402 payments the filters match (all confirmed), in atomic units. */
export async function sumX402Payments(db: Db, merchant: Merchant, query: PaymentListQuery) {
  const filters = filtersOf(merchant, query)
  if (!filters) return []
  return db
    .select({
      asset: x402Payments.assetId,
      caipNetworkId: x402Payments.caipNetworkId,
      symbol: x402Payments.symbol,
      decimals: x402Payments.decimals,
      confirmed: sql<string>`coalesce(sum(${x402Payments.amount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(x402Payments)
    .where(filters)
    .groupBy(x402Payments.assetId, x402Payments.caipNetworkId, x402Payments.symbol, x402Payments.decimals)
}
