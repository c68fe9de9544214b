import type { LinkViewCache, LinkViewVersion } from './linkViewCache.js'

export interface LinkEventHubOptions {
  /** The views the streams carry; its invalidations are the hub's only signal of a change. */
  views: LinkViewCache
}

export interface LinkEventHub {
  /** Calls `send` with the link's event frame now and after every change; returns the unsubscribe. */
  subscribe(linkId: string, send: (frame: Buffer) => void): () => void
  /** Open streams, for the operator and the bench. */
  size(): number
  close(): void
}

interface Subscriber {
  send: (frame: Buffer) => void
  /** The highest version sent: each subscriber sees versions only go up. */
  sent: number
}

interface Watch {
  subscribers: Set<Subscriber>
  reading: boolean
  /** A change came while reading: read once more after. */
  again: boolean
}

/**
 * Fans link changes out to server-sent-event streams. A change is what the view cache hears
 * from the database (a NOTIFY at commit, from any process; see linkViewCache.ts), so there is
 * no polling. Per change and link: one read (shared with the HTTP reads through the cache),
 * one frame (`event: link`, `id: <version>`, the JSON) made once as a Buffer, the same Buffer
 * written to every stream; per stream a subscriber holds two fields.
 */
export function createLinkEventHub({ views }: LinkEventHubOptions): LinkEventHub {
  const watches = new Map<string, Watch>()
  let count = 0

  const frameOf = (version: LinkViewVersion) =>
    version.memo('sse-frame', (v) => Buffer.from(`event: link\nid: ${v.link.version}\ndata: ${v.json}\n\n`, 'utf8'))
  const deliver = (subscriber: Subscriber, version: number, frame: Buffer) => {
    if (version <= subscriber.sent) return
    subscriber.sent = version
    subscriber.send(frame)
  }

  const refresh = (linkId: string) => {
    const watch = watches.get(linkId)
    if (!watch) return
    if (watch.reading) {
      watch.again = true
      return
    }
    watch.reading = true
    views
      .read(linkId)
      .then(
        (version) => {
          if (!version) return
          // One frame and one loop of plain calls: no per-stream lookup, promise or string.
          const frame = frameOf(version)
          for (const subscriber of watch.subscribers) deliver(subscriber, version.link.version, frame)
        },
        () => {},
      )
      .finally(() => {
        watch.reading = false
        if (watch.again) {
          watch.again = false
          refresh(linkId)
        }
      })
  }
  const stopListening = views.onInvalidate((linkId) => {
    if (linkId !== null) refresh(linkId)
    else for (const id of watches.keys()) refresh(id)
  })

  return {
    subscribe(linkId, send) {
      let watch = watches.get(linkId)
      if (!watch) {
        watch = { subscribers: new Set(), reading: false, again: false }
        watches.set(linkId, watch)
      }
      const subscriber: Subscriber = { send, sent: 0 }
      const held = watch
      held.subscribers.add(subscriber)
      count++
      // The first state, to this subscriber alone.
      views.read(linkId).then(
        (version) => {
          if (version && held.subscribers.has(subscriber)) deliver(subscriber, version.link.version, frameOf(version))
        },
        () => {},
      )
      return () => {
        if (!held.subscribers.delete(subscriber)) return
        count--
        if (held.subscribers.size === 0 && watches.get(linkId) === held) watches.delete(linkId)
      }
    },
    size: () => count,
    close() {
      stopListening()
      watches.clear()
      count = 0
    },
  }
}
