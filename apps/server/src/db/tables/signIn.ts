import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { timestamptz, createdAt, idColumn, networkColumn, parentIdColumn } from './columns'

/** Small key/value facts about this installation (e.g. when it was first started). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/** Single-use sign-in nonces. A nonce is consumed by setting used_at, never deleted on use. */
export const siwxNonces = pgTable('siwx_nonces', {
  nonce: text('nonce').primaryKey(),
  issuedAt: timestamptz('issued_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
})

/** A sign-in session. `id` is the SHA-256 (hex) of the cookie's token: a database leak yields no usable cookie. */
export const sessions = pgTable('sessions', {
  id: idColumn(),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
  revokedAt: timestamptz('revoked_at'),
})

/** The accounts a session proved, one per namespace, with the signed message kept as evidence. */
export const sessionAccounts = pgTable(
  'session_accounts',
  {
    sessionId: parentIdColumn('session_id', () => sessions.id),
    namespace: text('namespace').notNull(),
    caipNetworkId: networkColumn(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    /** The fields parsed from `message` (AppKit's SIWXMessage data), not what the client claimed. */
    data: jsonb('data').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.namespace] })],
)
