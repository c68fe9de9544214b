import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, idColumn, merchantColumn, timestamptz } from './columns'
import { linkIdColumn } from './links'

/**
 * A shop device's right to sell from one point-of-sale link (`/pos/:id`) without the merchant's
 * wallet: it makes orders of that link and reads them, nothing else. Only the token's SHA-256 is
 * kept; revoking sets `revoked_at` and the next request with the token is refused.
 */
export const posDevices = pgTable(
  'pos_devices',
  {
    id: idColumn(),
    linkId: linkIdColumn(),
    merchant: merchantColumn(),
    label: text('label').notNull(),
    /** SHA-256 (hex) of the device token: the token itself is shown once, in the device link. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('pos_devices_token_idx').on(t.tokenHash),
    index('pos_devices_link_idx').on(t.linkId, t.createdAt),
  ],
)
