import { randomBytes } from 'node:crypto'
import type { ApiKey, CreatedApiKey } from '@paylink/shared'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { newId } from '../db/newId.js'
import type { Db } from '../db/openDatabase.js'
import type { ApiKeyRow } from '../db/rows.js'
import { apiKeys } from '../db/schema.js'
import { LimitError, NotFoundError } from '../errors.js'
import type { Merchant } from './merchant.js'
import { hashSecretToken } from '../hashSecretToken.js'
import { lockUntilCommit } from '../db/transaction.js'

/**
 * A token has 256 random bits, so a plain SHA-256 is enough to store it: there is nothing to
 * brute-force, and lookups stay one indexed equality.
 */
const hashToken = hashSecretToken

function toView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }
}

/**
 * A new key for the merchant; the token is returned here and never again. At most `maxKeys`
 * live keys per merchant (LimitError TOO_MANY_API_KEYS), counted under a per-merchant lock.
 */
export async function createApiKey(
  db: Db,
  merchant: Merchant,
  name: string,
  maxKeys = Number.POSITIVE_INFINITY,
): Promise<CreatedApiKey> {
  const token = `plk_${randomBytes(32).toString('base64url')}`
  const row = await db.transaction(async (tx) => {
    await lockUntilCommit(tx, `api_keys:${merchant.id}`)
    const live = await tx.$count(apiKeys, and(eq(apiKeys.merchant, merchant.id), isNull(apiKeys.revokedAt)))
    if (live >= maxKeys) {
      throw new LimitError(
        'TOO_MANY_API_KEYS',
        `You have ${live} API keys, the most this instance allows (${maxKeys}); revoke one first.`,
      )
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        id: newId('key'),
        merchant: merchant.id,
        merchantAddress: merchant.address,
        name,
        tokenHash: hashToken(token),
        prefix: token.slice(0, 10),
      })
      .returning()
    return inserted!
  })
  return { ...toView(row), token }
}

export async function listApiKeys(db: Db, merchant: Merchant): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.merchant, merchant.id), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt))
  return rows.map(toView)
}

/** Revokes the merchant's live key `id`; API_KEY_NOT_FOUND when there is none (or it is another merchant's). */
export async function revokeApiKey(db: Db, merchant: Merchant, id: string): Promise<void> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.merchant, merchant.id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
  if (rows.length === 0) throw new NotFoundError('API_KEY_NOT_FOUND', `No live API key ${id} of yours.`)
}

export async function findMerchantByApiKey(db: Db, token: string): Promise<Merchant | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.tokenHash, hashToken(token)), isNull(apiKeys.revokedAt)))
    .returning()
  if (!row) return null
  const namespace = row.merchant.slice(0, row.merchant.indexOf(':'))
  return { id: row.merchant, namespace, address: row.merchantAddress }
}
