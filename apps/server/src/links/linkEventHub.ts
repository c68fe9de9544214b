import type { Link } from '@paylink/shared'
import { inArray } from 'drizzle-orm'
import { links } from '../db/schema.js'
import type { Db } from '../db/openDatabase.js'
import { getLink } from './readLinks.js'

export interface LinkEventHubOptions {
  db: Db
  /** How often watched links' versions are compared (default 1000 ms): changes made by other processes arrive this way. */
  pollIntervalMs?: number
}

export interface LinkEventHub {
  /** Calls `send` with the link's state now and after every change; returns the unsubscribe. */
  subscribe(linkId: string, send: (link: Link) => void): () => void
  /** A change was committed in this process: tell subscribers now rather than at the next poll. */
  notify(linkId: string): void
  close(): void
}

interface Watch {
  listeners: Set<(link: Link) => void>
  version: number
}

/**
 * Fans link changes out to server-sent-event streams. The database is the source of truth:
 * every change bumps `links.version`, and the hub compares versions of the watched links in
 * one query per interval (plus at once when this process made the change), so a payment
 * confirmed by another server process reaches this process's streams too.
 */
export function createLinkEventHub({ db, pollIntervalMs = 1000 }: LinkEventHubOptions): LinkEventHub {
  const watches = new Map<string, Watch>()
  let timer: NodeJS.Timeout | null = null
  let checking: Promise<void> | null = null
  let again = false

  const check = async (ids: string[]) => {
    if (ids.length === 0) return
    const versions = await db.select({ id: links.id, version: links.version }).from(links).where(inArray(links.id, ids))
    for (const { id, version } of versions) {
      const watch = watches.get(id)
      if (!watch || version === watch.version) continue
      const link = await getLink(db, id)
      if (!link) continue
      watch.version = link.version
      for (const send of watch.listeners) send(link)
    }
  }
  const checkAll = () => {
    if (checking) {
      again = true
      return
    }
    checking = check([...watches.keys()])
      .catch(() => {})
      .finally(() => {
        checking = null
        if (again) {
          again = false
          checkAll()
        }
      })
  }
  const ensureTimer = () => {
    if (!timer && watches.size) timer = setInterval(checkAll, pollIntervalMs)
    if (timer && !watches.size) {
      clearInterval(timer)
      timer = null
    }
  }

  return {
    subscribe(linkId, send) {
      let watch = watches.get(linkId)
      if (!watch) {
        watch = { listeners: new Set(), version: 0 }
        watches.set(linkId, watch)
      }
      // Each subscriber sees versions only go up, whichever of the first read and a change lands first.
      let lastSent = 0
      const deliver = (link: Link) => {
        if (link.version <= lastSent) return
        lastSent = link.version
        send(link)
      }
      watch.listeners.add(deliver)
      ensureTimer()
      // The first state: sent to this subscriber alone.
      void getLink(db, linkId).then(
        (link) => {
          if (!link || !watch.listeners.has(deliver)) return
          if (link.version > watch.version) watch.version = link.version
          deliver(link)
        },
        () => {},
      )
      return () => {
        watch.listeners.delete(deliver)
        if (watch.listeners.size === 0 && watches.get(linkId) === watch) watches.delete(linkId)
        ensureTimer()
      }
    },
    notify(linkId) {
      if (watches.has(linkId)) checkAll()
    },
    close() {
      watches.clear()
      ensureTimer()
    },
  }
}
