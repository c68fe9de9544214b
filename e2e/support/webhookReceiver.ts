import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Delivery {
  headers: IncomingHttpHeaders
  body: string
}

/** A merchant's webhook endpoint on a free loopback port: keeps every delivery (headers and raw body) and answers 200. */
export async function startWebhookReceiver() {
  const received: Delivery[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/paylink-hook`,
    received,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}
