import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, merchantColumn, timestamptz } from './columns'

/**
 * One row per (merchant, Idempotency-Key) for 24 hours. Inserted before the work runs (the
 * primary key decides which of two racing requests does it, across processes), then completed
 * with the answer, which every later request with that key and the same body gets again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    merchant: merchantColumn(),
    key: text('key').notNull(),
    /** Hex SHA-256 of the method, route and parsed input: another body under the key is refused. */
    requestHash: text('request_hash').notNull(),
    /** Who is running the request now; a crashed process's claim is taken over once stale. */
    owner: text('owner').notNull(),
    lockedAt: timestamptz('locked_at').notNull().defaultNow(),
    /** Null while in flight. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchant, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
)
