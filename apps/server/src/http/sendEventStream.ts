import type { ServerResponse } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'

export interface SendEventStreamParameters {
  request: FastifyRequest
  reply: FastifyReply
  /** Sent first as `retry:`: how long a browser waits before reconnecting. */
  retryMs: number
  /** A `: heartbeat` comment this often, so proxies keep an idle stream open. */
  heartbeatMs: number
  /**
   * Starts the events and returns what stops them. `send` takes a whole frame (`event:`, `id:`,
   * one `data:` line, a blank line), made once and written as is to every stream that gets it.
   */
  subscribe(send: (frame: Buffer) => void): () => void
  /** Called once when the stream ends, whoever ends it. */
  onEnd?: () => void
}

const heartbeatFrame = Buffer.from(': heartbeat\n\n')

/** One timer per interval for every open stream (ten thousand streams, one timer), not one each. */
const heartbeats = new Map<number, { timer: NodeJS.Timeout; streams: Set<ServerResponse> }>()

function beatFor(res: ServerResponse, ms: number): () => void {
  let beat = heartbeats.get(ms)
  if (!beat) {
    const streams = new Set<ServerResponse>()
    const timer = setInterval(() => {
      for (const stream of streams) stream.write(heartbeatFrame)
    }, ms)
    timer.unref()
    heartbeats.set(ms, (beat = { timer, streams }))
  }
  const held = beat
  held.streams.add(res)
  return () => {
    held.streams.delete(res)
    if (held.streams.size === 0 && heartbeats.get(ms) === held) {
      clearInterval(held.timer)
      heartbeats.delete(ms)
    }
  }
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
  const unsubscribe = subscribe((frame) => res.write(frame))
  const stopBeat = beatFor(res, heartbeatMs)
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    stopBeat()
    unsubscribe()
    onEnd?.()
    res.end()
  }
  request.raw.on('close', end)
  res.on('error', end)
  return end
}
