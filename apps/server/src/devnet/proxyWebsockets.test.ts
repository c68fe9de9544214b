import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { proxyWebsockets } from './proxyWebsockets.js'

let upstream: WebSocket.Server
let server: Server
let proxy: { close(): void }
let base = ''
const origin = 'http://127.0.0.1:3000'

beforeAll(async () => {
  // The devnet's side: answers each frame with "echo:<frame>", and closes on "bye".
  upstream = new WebSocket.Server({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => upstream.once('listening', () => resolve()))
  upstream.on('connection', (socket) =>
    socket.on('message', (frame) => (String(frame) === 'bye' ? socket.close() : socket.send(`echo:${String(frame)}`))),
  )
  server = createServer((_, res) => res.writeHead(404).end())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy = proxyWebsockets({
    server,
    routes: { '/devnet/solana/ws': `ws://127.0.0.1:${(upstream.address() as AddressInfo).port}` },
    allowedOrigins: [origin],
  })
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  proxy?.close()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()))
})

const open = (path: string, headers: Record<string, string> = { origin }) =>
  new WebSocket(`${base}${path}`, { headers })
const nextMessage = (socket: WebSocket) =>
  new Promise<string>((resolve) => socket.once('message', (frame) => resolve(String(frame))))
const refusedWith = (socket: WebSocket) =>
  new Promise<number>((resolve, reject) => {
    socket.once('unexpected-response', (_, response) => resolve(response.statusCode ?? 0))
    socket.once('open', () => reject(new Error('opened')))
  })

describe('proxyWebsockets', () => {
  it('pipes frames both ways', async () => {
    const socket = open('/devnet/solana/ws')
    await new Promise((resolve) => socket.once('open', resolve))
    const first = nextMessage(socket)
    socket.send('{"jsonrpc":"2.0","id":1,"method":"slotSubscribe"}')
    expect(await first).toBe('echo:{"jsonrpc":"2.0","id":1,"method":"slotSubscribe"}')
    const second = nextMessage(socket)
    socket.send('again')
    expect(await second).toBe('echo:again')
    socket.close()
  })

  it('closes the browser side when the devnet closes', async () => {
    const socket = open('/devnet/solana/ws')
    await new Promise((resolve) => socket.once('open', resolve))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.send('bye')
    await closed
  })

  it('refuses another origin with 403 and an unknown path with 404', async () => {
    expect(await refusedWith(open('/devnet/solana/ws', { origin: 'https://evil.example' }))).toBe(403)
    expect(await refusedWith(open('/devnet/other/ws'))).toBe(404)
  })
})
