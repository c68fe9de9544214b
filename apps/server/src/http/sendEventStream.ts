import type { FastifyReply, FastifyRequest } from 'fastify'

/** One server-sent event: `event:`, `id:` and one line of `data:` (JSON has no raw newlines). */
export interface ServerSentEvent {
  event: string
  id: string | number
  data: string
}

export interface SendEventStreamParameters {
  request: FastifyRequest
  reply: FastifyReply
  /** Sent first as `retry:`: how long a browser waits before reconnecting. */
  retryMs: number
  /** A `: heartbeat` comment this often, so proxies keep an idle stream open. */
  heartbeatMs: number
  /** Starts the events (call `send` for each) and returns what stops them. */
  subscribe(send: (event: ServerSentEvent) => void): () => void
  /** Called once when the stream ends, whoever ends it. */
  onEnd?: () => void
}

/**
 * Answers the request with a `text/event-stream` that stays open until the client leaves or
 * the returned `end` is called (safe to call twice). Fastify lets go of the reply (hijack):
 * the stream is written on the raw socket.
 */
export function sendEventStream({ request, reply, retryMs, heartbeatMs, subscribe, onEnd }: SendEventStreamParameters): () => void {
  reply.hijack()
  const res = reply.raw
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  res.write(`retry: ${retryMs}\n\n`)
  const unsubscribe = subscribe((event) => res.write(`event: ${event.event}\nid: ${event.id}\ndata: ${event.data}\n\n`))
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs)
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    clearInterval(heartbeat)
    unsubscribe()
    onEnd?.()
    res.end()
  }
  request.raw.on('close', end)
  res.on('error', end)
  return end
}
