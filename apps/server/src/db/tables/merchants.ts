import { customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamptz, createdAt, updatedAt, idColumn, merchantColumn, merchantColumns } from './columns'

/**
 * A merchant is `namespace:address` (e.g. `eip155:0xAbC…` checksummed): the account that
 * signed in or owns the API key, independent of the chain id it signed in on.
 */

/** API keys: only the SHA-256 (hex) of the token is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    ...merchantColumns(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_token_hash_uq').on(t.tokenHash), index('api_keys_merchant_idx').on(t.merchant)],
)

/**
 * A merchant's saved receiving key per chain family: on Bitcoin a watch-only extended public
 * key or output descriptor, from which each link gets its own address. Never a key that spends.
 */
export const merchantChainKeys = pgTable(
  'merchant_chain_keys',
  {
    merchant: merchantColumn(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchant, t.namespace] })],
)

/** The next unused derivation index under a key (addresses are never given out twice). */
export const derivationCounters = pgTable('derivation_counters', {
  key: text('key').primaryKey(),
  nextIndex: integer('next_index').notNull().default(0),
})

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // pg gives a Buffer, PGlite a Uint8Array: one type for the code.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * What a payer sees of a merchant: display name, brand colour and logo. The logo's bytes live
 * here (checked PNG, JPEG or WebP, at most 256 KiB) and are served at a URL named by their
 * SHA-256, so a changed logo is a new URL and the old one can be cached for a year.
 */
export const merchantProfiles = pgTable(
  'merchant_profiles',
  {
    merchant: text('merchant').primaryKey(),
    displayName: text('display_name'),
    brandColor: text('brand_color'),
    logo: bytea('logo'),
    logoContentType: text('logo_content_type'),
    /** Hex SHA-256 of `logo`. */
    logoSha256: text('logo_sha256'),
    updatedAt: updatedAt(),
  },
  (t) => [index('merchant_profiles_logo_idx').on(t.logoSha256)],
)
