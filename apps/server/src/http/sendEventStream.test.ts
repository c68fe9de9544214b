import { get, type IncomingMessage } from 'node:http'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { sendEventStream } from './sendEventStream.js'

const frame = (id: number, data = 'x') => Buffer.from(`event: link\nid: ${id}\ndata: ${data}\n\n`)

/** A server with one stream route; `push` sends a frame to every open stream. */
async function streamServer(): Promise<{
  app: FastifyInstance
  origin: string
  push(frame: Buffer): void
  open(): number
}> {
  const sends = new Set<(frame: Buffer) => void>()
  const app = Fastify()
  app.get('/events', (request, reply) => {
    sendEventStream({
      request,
      reply,
      retryMs: 1000,
      heartbeatMs: 60_000,
      subscribe(send) {
        sends.add(send)
        return () => sends.delete(send)
      },
    })
  })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, origin, push: (f) => sends.forEach((send) => send(f)), open: () => sends.size }
}

function request(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => get(url, resolve).on('error', reject))
}

async function until(check: () => boolean, what: string): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > 10_000) throw new Error(`${what}: not within 10 s`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

describe('sendEventStream', () => {
  it('writes each frame as one HTTP chunk that a client decodes to the frame itself', async () => {
    const server = await streamServer()
    app = server.app
    const response = await request(`${server.origin}/events`)
    expect(response.headers['transfer-encoding']).toBe('chunked')
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    let text = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => (text += chunk))
    await until(() => server.open() === 1, 'the subscription')
    // The same Buffer to two streams would be framed once; here, several frames to one stream in order.
    server.push(frame(1, '{"a":1}'))
    server.push(frame(2, 'é ünïcode'))
    await until(() => text.includes('id: 2'), 'the second frame')
    expect(text).toBe(`retry: 1000\n\n${frame(1, '{"a":1}').toString()}${frame(2, 'é ünïcode').toString()}`)
    response.destroy()
    await until(() => server.open() === 0, 'the unsubscribe after the client left')
  })

  it('sends a client that stopped reading only the newest frame once it reads again', async () => {
    const server = await streamServer()
    app = server.app
    const response = await request(`${server.origin}/events`)
    await until(() => server.open() === 1, 'the subscription')
    response.pause()
    // 64 KiB frames until the socket's buffer is past its high-water mark and the kernel's is full.
    const big = 'y'.repeat(64 * 1024)
    const pushed = 400
    for (let id = 1; id <= pushed; id++) {
      server.push(frame(id, big))
      await new Promise((resolve) => setImmediate(resolve))
    }
    const ids: number[] = []
    let tail = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => {
      const text = tail + chunk
      const cut = text.lastIndexOf('\n')
      tail = text.slice(cut + 1)
      for (const match of text.slice(0, cut + 1).matchAll(/^id: (\d+)$/gm)) ids.push(Number(match[1]))
    })
    response.resume()
    await until(() => ids.at(-1) === pushed, `frame ${pushed} (the newest) after the client read again`)
    // Held back frames were dropped, not queued: far fewer than were pushed reached the client, in order.
    expect(ids.length).toBeLessThan(pushed / 2)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    response.destroy()
  })
})
