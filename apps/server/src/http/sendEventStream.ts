import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
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
   * one `data:` line, a blank line), made once and written as is to every stream that gets it:
   * the same Buffer for every stream (its HTTP chunk is made once per Buffer, see chunkOf).
   */
  subscribe(send: (frame: Buffer) => void): () => void
  /** Called once when the stream ends, whoever ends it. */
  onEnd?: () => void
}

/** The writer of one open stream: what the heartbeat timer and the hub's sends call. */
interface Stream {
  send(frame: Buffer): void
}

const heartbeatFrame = Buffer.from(': heartbeat\n\n')
const crlf = Buffer.from('\r\n')

/** One timer per interval for every open stream (ten thousand streams, one timer), not one each. */
const heartbeats = new Map<number, { timer: NodeJS.Timeout; streams: Set<Stream> }>()

function beatFor(stream: Stream, ms: number): () => void {
  let beat = heartbeats.get(ms)
  if (!beat) {
    const streams = new Set<Stream>()
    const timer = setInterval(() => {
      for (const held of streams) held.send(heartbeatFrame)
    }, ms)
    timer.unref()
    heartbeats.set(ms, (beat = { timer, streams }))
  }
  const held = beat
  held.streams.add(stream)
  return () => {
    held.streams.delete(stream)
    if (held.streams.size === 0 && heartbeats.get(ms) === held) {
      clearInterval(held.timer)
      heartbeats.delete(ms)
    }
  }
}

/**
 * A frame as one HTTP/1.1 chunk (`<size in hex>\r\n<frame>\r\n`), made once per frame Buffer:
 * a change fanned out to ten thousand streams is one Buffer written ten thousand times, with no
 * per-stream framing, copying or stringifying. The last pair is kept at hand because a fan-out
 * asks for the same frame once per stream in a row; the WeakMap holds the rest until their
 * frame is dropped.
 */
const chunks = new WeakMap<Buffer, Buffer>()
let lastFrame: Buffer | null = null
let lastChunk: Buffer | null = null
function chunkOf(frame: Buffer): Buffer {
  if (frame === lastFrame) return lastChunk!
  let chunk = chunks.get(frame)
  if (!chunk) {
    chunk = Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`, 'latin1'), frame, crlf])
    chunks.set(frame, chunk)
  }
  lastFrame = frame
  lastChunk = chunk
  return chunk
}

/**
 * Answers the request with a `text/event-stream` that stays open until the client leaves or
 * the returned `end` is called (safe to call twice). Fastify lets go of the reply (hijack): the
 * head goes through Node's response, then every frame is written straight to the socket as a
 * pre-made chunk (one synchronous write per stream; `res.write` would add four writes, a cork
 * and a tick per stream). A client that does not read (the socket's buffer past its high-water
 * mark) gets nothing more until it drains, then only the newest frame: every frame carries the
 * whole state, so skipping versions loses nothing, and a stuck client holds at most one frame
 * beyond what the kernel took.
 */
export function sendEventStream({
  request,
  reply,
  retryMs,
  heartbeatMs,
  subscribe,
  onEnd,
}: SendEventStreamParameters): () => void {
  reply.hijack()
  const res: ServerResponse = reply.raw
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  // Sends the head too; writes to the socket from here on follow it in order.
  res.write(`retry: ${retryMs}\n\n`)
  const socket: Socket = res.socket!
  // An HTTP/1.0 client gets no chunked encoding: the frames go as they are.
  const framed = res.chunkedEncoding
  let ended = false
  /** The newest frame not written because the client was not reading; sent at 'drain'. */
  let owed: Buffer | null = null
  const stream: Stream = {
    send(frame) {
      // Destroyed: the client left and 'close' is on its way.
      if (ended || socket.destroyed) return
      if (socket.writableNeedDrain) {
        if (frame !== heartbeatFrame) owed = frame
        return
      }
      socket.write(framed ? chunkOf(frame) : frame)
    },
  }
  const onDrain = () => {
    const frame = owed
    owed = null
    if (frame) stream.send(frame)
  }
  socket.on('drain', onDrain)
  const unsubscribe = subscribe(stream.send)
  const stopBeat = beatFor(stream, heartbeatMs)
  const end = () => {
    if (ended) return
    ended = true
    owed = null
    socket.off('drain', onDrain)
    stopBeat()
    unsubscribe()
    onEnd?.()
    res.end()
  }
  request.raw.on('close', end)
  res.on('error', end)
  return end
}
