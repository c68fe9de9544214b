import { eq } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { loadLinkRows, type LinkRows } from './loadLinkRows.js'

const MAX_ENTRIES = 2000
const caches = new WeakMap<Db, Map<string, LinkRows>>()

/**
 * A link's rows for the public read, from memory while the link's version has not moved.
 *
 * Every change of a link or of one of its payments bumps `links.version` in the transaction that
 * makes it, so one primary-key lookup of the version says whether the rows held here are still
 * the database's, in this process or after another process wrote. The rows are loaded link
 * first, so a held copy is never older than the version it is filed under (at worst newer, and
 * the next read reloads it). The status, which depends on the clock (expiry), is computed from
 * the rows at each read, never held.
 */
export async function loadLinkRowsCached(db: Db, linkId: string): Promise<LinkRows | null> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const [head] = await db.select({ version: links.version }).from(links).where(eq(links.id, linkId))
  if (!head) {
    cache.delete(linkId)
    return null
  }
  const held = cache.get(linkId)
  if (held && held.link.version === head.version) {
    // Most recently used last, so the oldest entry is the first to go.
    cache.delete(linkId)
    cache.set(linkId, held)
    return held
  }
  const rows = await loadLinkRows(db, linkId)
  if (!rows) return null
  cache.delete(linkId)
  cache.set(linkId, rows)
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  return rows
}
