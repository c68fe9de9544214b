import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import WebSocket from 'ws'

export interface ProxyWebsocketsParameters {
  server: Server
  /** Request path -> the upstream websocket URL it is piped to (e.g. '/devnet/solana/ws' -> the Solana devnet). */
  routes: Readonly<Record<string, string>>
  /** Origins a browser may open them from; a request without Origin (not a browser) is let through. */
  allowedOrigins: readonly string[]
  /** Checks each text frame from the client: what goes on upstream, what the client is answered at once. */
  filterFrame?: (frame: string) => { forward: string | null; reply: string | null }
}

/** Frames a client may send before the upstream is open; more is a misbehaving client. */
const maxPendingFrames = 100
const maxPayloadBytes = 1024 * 1024

/**
 * Demo only: upgrades the server's websocket requests at the given paths and pipes each, frame by
 * frame, to its own connection to the upstream; closing either side closes the other. Paths not
 * listed are left to other upgrade listeners (or refused with 404 when there is none).
 */
export function proxyWebsockets({ server, routes, allowedOrigins, filterFrame }: ProxyWebsocketsParameters): {
  close(): void
} {
  const wss = new WebSocket.Server({ noServer: true, maxPayload: maxPayloadBytes })
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0] ?? ''
    const upstreamUrl = Object.hasOwn(routes, path) ? routes[path] : undefined
    if (!upstreamUrl) {
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found')
      return
    }
    const origin = request.headers.origin
    if (origin !== undefined && !allowedOrigins.includes(origin)) return refuse(socket, 403, 'Forbidden')
    wss.handleUpgrade(request, socket as Socket, head, (client) => pipe(client, upstreamUrl, filterFrame))
  }
  server.on('upgrade', onUpgrade)
  return {
    close() {
      server.off('upgrade', onUpgrade)
      for (const client of wss.clients) client.terminate()
      wss.close()
    },
  }
}

function pipe(client: WebSocket, upstreamUrl: string, filterFrame: ProxyWebsocketsParameters['filterFrame']) {
  const upstream = new WebSocket(upstreamUrl, { maxPayload: maxPayloadBytes })
  let pending: WebSocket.Data[] = []
  upstream.on('open', () => {
    for (const frame of pending) upstream.send(frame)
    pending = []
  })
  client.on('message', (data: Buffer, isBinary: boolean) => {
    let frame: WebSocket.Data = data
    if (filterFrame && !isBinary) {
      const filtered = filterFrame(data.toString())
      if (filtered.reply !== null) client.send(filtered.reply)
      if (filtered.forward === null) return
      // Changed only when something was refused: an untouched frame goes on as it came.
      if (filtered.reply !== null) frame = filtered.forward
    }
    if (upstream.readyState === WebSocket.OPEN) return upstream.send(frame)
    if (upstream.readyState !== WebSocket.CONNECTING || pending.length >= maxPendingFrames)
      return client.close(1013, 'devnet not ready')
    pending.push(frame)
  })
  upstream.on('message', (frame) => {
    if (client.readyState === WebSocket.OPEN) client.send(frame)
  })
  upstream.on('close', () => client.close())
  // 1011: the server met a condition it could not handle (the devnet is down).
  upstream.on('error', () => client.readyState === WebSocket.OPEN && client.close(1011, 'devnet unavailable'))
  client.on('close', () => upstream.terminate())
  client.on('error', () => upstream.terminate())
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}
