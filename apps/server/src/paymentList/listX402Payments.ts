import { formatUnits, type ListedPayment, type PaymentListQuery } from '@paylink/shared'
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { x402Payments } from '../db/schema.js'
import type { Merchant } from '../merchants/merchant.js'
import type { PaymentPosition } from './paymentCursor.js'

/** `%` and `_` typed by the merchant are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The merchant's x402 payments under the list's filters, or null when the filters exclude them
 * all (a settled x402 payment is always confirmed).
 */
function filtersOf(merchant: Merchant, query: PaymentListQuery): SQL | null {
  if (query.status && query.status !== 'confirmed') return null
  const q = query.q
  return and(
    eq(x402Payments.merchant, merchant.id),
    query.asset ? sql`lower(${x402Payments.assetId}) = lower(${query.asset})` : undefined,
    query.from ? gte(x402Payments.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(x402Payments.createdAt, new Date(query.to)) : undefined,
    q
      ? or(
          eq(x402Payments.id, q),
          sql`lower(${x402Payments.txHash}) = lower(${q})`,
          sql`lower(${x402Payments.payer}) = lower(${q})`,
          ilike(x402Payments.description, `%${escapeLike(q)}%`),
          ilike(x402Payments.resourceUrl, `%${escapeLike(q)}%`),
        )
      : undefined,
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
  const at = row.createdAt.toISOString()
  return {
    id: row.id,
    linkId: null,
    orderOf: null,
    kind: 'x402',
    linkTitle: row.description || row.resourceUrl || 'x402 payment',
    x402: { resourceUrl: row.resourceUrl, description: row.description },
    symbol: row.symbol,
    caipNetworkId: row.caipNetworkId,
    txHash: row.txHash,
    // Settled means mined with success: the facilitator waited for the receipt.
    status: 'confirmed',
    reason: null,
    confirmations: 1,
    requiredConfirmations: 1,
    amount: formatUnits(BigInt(row.amount), row.decimals),
    asset: row.assetId,
    optionId: null,
    payer: row.payer,
    blockNumber: null,
    late: false,
    counted: true,
    quote: null,
    refunds: [],
    refunded: '0',
    refundAddress: null,
    createdAt: at,
    updatedAt: at,
    detectedAt: at,
    confirmedAt: at,
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
