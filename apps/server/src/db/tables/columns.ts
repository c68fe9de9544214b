import { numeric, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

// The columns many tables write alike: one definition each, so a table says what it holds and
// the types (time zone, precision of atomic units) cannot drift apart between tables.

/** `timestamptz`: every point in time is stored with its zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true })

/** `created_at timestamptz not null default now()`, as every table writes it. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow()

/** `updated_at timestamptz not null default now()`. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow()

/** `id text primary key`. */
export const idColumn = () => text('id').primaryKey()

/** `merchant text not null`: the owning merchant, `namespace:address`. */
export const merchantColumn = () => text('merchant').notNull()

/** `merchant` and `merchant_address text not null`: the owner, and its address alone as the merchant signed in with it. */
export const merchantColumns = () => ({
  merchant: merchantColumn(),
  merchantAddress: text('merchant_address').notNull(),
})

/** `<name> text not null references <parent>(id) on delete cascade`: a row that belongs to one parent row and goes with it. */
export const parentIdColumn = (name: string, parentId: () => AnyPgColumn) =>
  text(name).notNull().references(parentId, { onDelete: 'cascade' })

/** `caip_network_id text not null`: the CAIP-2 network. */
export const networkColumn = () => text('caip_network_id').notNull()

/** `tx_hash text not null`: a transaction id in its network's own form. */
export const txHashColumn = () => text('tx_hash').notNull()

/** `amount numeric(78, 0)`: atomic units, up to 2^256. */
export const amountColumn = () => numeric('amount', { precision: 78, scale: 0 })
