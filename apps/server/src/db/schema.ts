import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** Small key/value facts about this installation (e.g. when it was first started). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/** Single-use sign-in nonces. A nonce is consumed by setting used_at, never deleted on use. */
export const siwxNonces = pgTable('siwx_nonces', {
  nonce: text('nonce').primaryKey(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** A sign-in session. `id` is the SHA-256 (hex) of the cookie's token: a database leak yields no usable cookie. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
})

/** The accounts a session proved, one per namespace, with the signed message kept as evidence. */
export const sessionAccounts = pgTable(
  'session_accounts',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull(),
    caipNetworkId: text('caip_network_id').notNull(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    /** The fields parsed from `message` (AppKit's SIWXMessage data), not what the client claimed. */
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.namespace] })],
)
// No extension: drizzle-kit loads this file through require(), which does not map .js to .ts.
export * from './linksSchema'

export * from './clusterSchema.js'
