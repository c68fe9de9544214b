import { performance } from 'node:perf_hooks'
import { createParser } from 'eventsource-parser'

export interface LinkState {
  id: string
  status: string
  version: number
  payments: Array<{ id: string; status: string }>
}

export interface ReceivedEvent {
  /** The SSE `id:` (the link's version). */
  id: number
  link: LinkState
  /** performance.now() when the message was parsed. */
  at: number
}

export interface LinkEventSubscriber {
  readonly events: ReceivedEvent[]
  readonly errors: string[]
  /** The first event (already received or to come) that satisfies `predicate`. */
  waitFor(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>
  close(): void
}

/** A client of GET /api/links/:id/events that records every `link` message with its arrival time. */
export function subscribeLinkEvents(origin: string, linkId: string): LinkEventSubscriber {
  const events: ReceivedEvent[] = []
  const errors: string[] = []
  const waiters = new Set<() => void>()
  const controller = new AbortController()

  const parser = createParser({
    onEvent(message) {
      if (message.event !== 'link' || message.data === '') return
      const link = JSON.parse(message.data) as LinkState
      events.push({ id: message.id === undefined ? link.version : Number(message.id), link, at: performance.now() })
      for (const wake of waiters) wake()
    },
  })

  void (async () => {
    try {
      const response = await fetch(`${origin}/api/links/${linkId}/events`, {
        signal: controller.signal,
        headers: { accept: 'text/event-stream' },
      })
      if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`)
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parser.feed(value)
      }
      if (!controller.signal.aborted) errors.push('the stream ended before the client left')
    } catch (error) {
      if (!controller.signal.aborted) errors.push((error as Error).message)
    }
  })()

  return {
    events,
    errors,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate)
          if (!found) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(
              `no matching link event within ${timeoutMs} ms (last: ${JSON.stringify(events.at(-1)?.link.status)})`,
            ),
          )
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    close() {
      controller.abort()
    },
  }
}
