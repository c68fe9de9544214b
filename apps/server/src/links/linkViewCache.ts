import type { Link } from '@paylink/shared'
import type { Database } from '../db/openDatabase.js'
import { isExpired } from './linkStatus.js'
import { toLinkViewOf } from './linkViews.js'
import { loadLinkRows, type LinkRows } from './loadLinkRows.js'

/** The Postgres channel the `links` trigger (migration 0008) notifies at every version change. */
export const linkChangedChannel = 'paylink_link_changed'

/** One version of a link's public view, as held in memory. */
export interface LinkViewVersion {
  /** As `GET /api/links/:id` answers it. */
  link: Link
  /** `JSON.stringify(link)`, made once per version. */
  json: string
  /**
   * Something made from this version once (the pay page's fragments, the event-stream frame):
   * `make` runs on the first call for `key`, later calls get its result. Dropped with the version.
   */
  memo<T>(key: string, make: (version: LinkViewVersion) => T): T
}

export interface LinkViewCache {
  /** The link's view now (null: no such link), from memory while no change was announced. */
  read(linkId: string, now?: Date): Promise<LinkViewVersion | null>
  /**
   * This link's view changed: drop what this process holds for it and tell the event streams.
   * Changes committed to the database reach every process by themselves (announceLinkChanged,
   * or any bump of `links.version`); call this for a change the database does not hold.
   */
  invalidate(linkId: string): void
  /** Called after every invalidation with the link's id, or null when every view was dropped. */
  onInvalidate(listener: (linkId: string | null) => void): () => void
  /** LISTEN for the database's announcements; until then (and after a lost connection) nothing is held. */
  start(): Promise<void>
  close(): Promise<void>
  stats(): LinkViewCacheStats
}

export interface LinkViewCacheStats {
  entries: number
  hits: number
  loads: number
  invalidations: number
  /** False while not listening: every read goes to the database. */
  live: boolean
}

export interface CreateLinkViewCacheParameters {
  database: Pick<Database, 'db' | 'listen'>
  /** Most links held at once; the least recently read goes first (default 2000). */
  maxEntries?: number
}

interface Entry {
  rows: LinkRows
  /** Built at the first read. */
  current: LinkViewVersion | null
  /** When the presented status turns to expired (ms), else Infinity: the view is rebuilt from the held rows then. */
  turnsAt: number
}

interface Load {
  rows: Promise<LinkRows | null>
  /** False once the link changed after the load began: its rows may predate the change. */
  current: boolean
}

/**
 * Link views served from memory, dropped by the database's own announcement of a change,
 * never by a timer. Every change of what a link's view shows bumps `links.version` in the
 * transaction that makes it; a trigger turns that bump into a NOTIFY that Postgres sends at
 * commit to every process listening (PGlite: to this one, before the commit returns). So the
 * invalidation covers every writer, present and future, in every process, without a list of
 * call sites.
 *
 * A load that began before a change's notification is not stored (its rows may be older than
 * the change); a read that comes after the notification never joins it. The clock's part of
 * a view (an open link past its expiry reads as expired) is applied from the held rows when
 * the expiry passes. While not listening (not started, or the Postgres connection lost and not
 * yet back) every read goes to the database and nothing is stored.
 */
export function createLinkViewCache({ database, maxEntries = 2000 }: CreateLinkViewCacheParameters): LinkViewCache {
  const entries = new Map<string, Entry>()
  const loads = new Map<string, Load>()
  const listeners = new Set<(linkId: string | null) => void>()
  const counts = { hits: 0, loads: 0, invalidations: 0 }
  let live = false
  let unlisten: (() => Promise<void>) | null = null

  const tell = (linkId: string | null) => {
    for (const listener of [...listeners]) listener(linkId)
  }
  const invalidate = (linkId: string) => {
    counts.invalidations++
    entries.delete(linkId)
    const load = loads.get(linkId)
    if (load) {
      load.current = false
      loads.delete(linkId)
    }
    tell(linkId)
  }
  const invalidateAll = () => {
    counts.invalidations++
    entries.clear()
    for (const load of loads.values()) load.current = false
    loads.clear()
    tell(null)
  }

  const load = (linkId: string): Load => {
    const running = loads.get(linkId)
    if (running) return running
    counts.loads++
    const started: Load = { rows: loadLinkRows(database.db, linkId), current: live }
    if (!live) return started
    loads.set(linkId, started)
    started.rows.then(
      (rows) => {
        if (loads.get(linkId) === started) loads.delete(linkId)
        if (!rows || !started.current || !live) return
        entries.delete(linkId)
        entries.set(linkId, { rows, current: null, turnsAt: 0 })
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
      },
      () => {
        if (loads.get(linkId) === started) loads.delete(linkId)
      },
    )
    return started
  }

  return {
    async read(linkId, now = new Date()) {
      const held = entries.get(linkId)
      if (held) {
        counts.hits++
        // Most recently read last, so the first in the map is the first to go.
        entries.delete(linkId)
        entries.set(linkId, held)
        return current(held, now)
      }
      const rows = await load(linkId).rows
      if (!rows) return null
      const stored = entries.get(linkId)
      // The entry this load stored (or a newer one): built once, shared by every reader of this version.
      if (stored && stored.rows === rows) return current(stored, now)
      return versionOf(rows, now)
    },
    invalidate,
    onInvalidate(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async start() {
      if (unlisten) return
      unlisten = await database.listen(linkChangedChannel, {
        onNotify(payload) {
          const linkId = payload.slice(0, payload.lastIndexOf(':'))
          if (linkId) invalidate(linkId)
        },
        onGap(state) {
          live = state === 'resumed'
          invalidateAll()
        },
      })
      live = true
      // Anything loaded before listening could predate a change that was never heard of.
      invalidateAll()
    },
    async close() {
      live = false
      const stop = unlisten
      unlisten = null
      entries.clear()
      loads.clear()
      listeners.clear()
      await stop?.()
    },
    stats: () => ({ entries: entries.size, ...counts, live }),
  }
}

/** The entry's view at `now`: rebuilt from its rows when the expiry passed since it was built. */
function current(entry: Entry, now: Date): LinkViewVersion {
  if (!entry.current || now.getTime() >= entry.turnsAt) {
    entry.current = versionOf(entry.rows, now)
    entry.turnsAt = isExpired(entry.rows.link, now) ? Infinity : (entry.rows.link.expiresAt?.getTime() ?? Infinity)
  }
  return entry.current
}

function versionOf(rows: LinkRows, now: Date): LinkViewVersion {
  const link = toLinkViewOf(rows, now)
  const made = new Map<string, unknown>()
  const version: LinkViewVersion = {
    link,
    json: JSON.stringify(link),
    memo<T>(key: string, make: (v: LinkViewVersion) => T): T {
      if (!made.has(key)) made.set(key, make(version))
      return made.get(key) as T
    },
  }
  return version
}
