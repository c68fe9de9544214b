/**
 * A merchant's webhook endpoint on a free loopback port for server tests: keeps every request
 * (headers and raw body) and answers what the test says.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  close(): Promise<void>
}

export type WebhookAnswer = (
  request: ReceivedWebhook,
  index: number,
) => { status: number; headers?: Record<string, string> }

export async function startWebhookReceiver(respond: WebhookAnswer = () => ({ status: 204 })): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(request)
      const { status, headers } = respond(request, received.length - 1)
      res.writeHead(status, headers).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The three Standard Webhooks headers of a delivery, as `Webhook.verify` takes them. */
export const standardWebhookHeaders = (request: ReceivedWebhook) => ({
  'webhook-id': request.headers['webhook-id'] as string,
  'webhook-timestamp': request.headers['webhook-timestamp'] as string,
  'webhook-signature': request.headers['webhook-signature'] as string,
})
