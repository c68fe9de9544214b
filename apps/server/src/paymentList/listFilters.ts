import { eq, gte, ilike, lt, or, sql, type Column, type SQL } from 'drizzle-orm'

/** `%` and `_` typed by the merchant are letters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The list's filters that every source of payments (links, x402, pulled renewals) reads alike. */
export interface ListFilters {
  asset?: string | undefined
  from?: string | undefined
  to?: string | undefined
  q?: string | undefined
}

/** Where one source of payments keeps what the filters read. */
export interface FilteredColumns {
  assetId: Column
  /** The time `from` (inclusive) and `to` (exclusive) bound. */
  time: Column
  /** Ids `q` finds whole. */
  ids: Column[]
  txHash: Column
  payer: Column
  /** Texts `q` finds a piece of. */
  texts: Column[]
}

/**
 * The conditions of `asset` (any case), `from`, `to` and `q` on one source: `q` is a whole id, a
 * transaction id or payer address (any case: indexed on lower()), or a piece of a text. Unset
 * filters are undefined, which `and()` leaves out.
 */
export function listFilterConditions(query: ListFilters, columns: FilteredColumns): Array<SQL | undefined> {
  const q = query.q
  return [
    query.asset ? sql`lower(${columns.assetId}) = lower(${query.asset})` : undefined,
    query.from ? gte(columns.time, new Date(query.from)) : undefined,
    query.to ? lt(columns.time, new Date(query.to)) : undefined,
    q
      ? or(
          ...columns.ids.map((id) => eq(id, q)),
          sql`lower(${columns.txHash}) = lower(${q})`,
          sql`lower(${columns.payer}) = lower(${q})`,
          ...columns.texts.map((text) => ilike(text, `%${escapeLike(q)}%`)),
        )
      : undefined,
  ]
}
