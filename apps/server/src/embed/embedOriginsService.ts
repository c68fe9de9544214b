import { eq } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { links, merchantEmbedOrigins } from '../db/schema.js'

/** The origins a merchant lets embed its checkouts (none before the first save). */
export async function readEmbedOrigins(db: Db, merchantId: string): Promise<string[]> {
  const [row] = await db
    .select({ origins: merchantEmbedOrigins.origins })
    .from(merchantEmbedOrigins)
    .where(eq(merchantEmbedOrigins.merchant, merchantId))
  return row?.origins ?? []
}

/** Replaces the list (already normalised and deduplicated by putEmbedOriginsBodySchema). */
export async function saveEmbedOrigins(
  db: Db,
  merchantId: string,
  origins: readonly string[],
  now = new Date(),
): Promise<string[]> {
  const set = { origins: [...origins], updatedAt: now }
  await db
    .insert(merchantEmbedOrigins)
    .values({ merchant: merchantId, ...set })
    .onConflictDoUpdate({ target: merchantEmbedOrigins.merchant, set })
  return [...origins]
}

/** The embed origins of a link's merchant; null for an unknown link. One query, read per embedded checkout. */
export async function readLinkEmbedOrigins(db: Db, linkId: string): Promise<string[] | null> {
  const [row] = await db
    .select({ origins: merchantEmbedOrigins.origins })
    .from(links)
    .leftJoin(merchantEmbedOrigins, eq(merchantEmbedOrigins.merchant, links.merchant))
    .where(eq(links.id, linkId))
  if (!row) return null
  return row.origins ?? []
}
