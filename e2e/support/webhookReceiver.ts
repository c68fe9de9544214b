import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from '@playwright/test'
import { Webhook } from 'standardwebhooks'

export interface Delivery {
  headers: IncomingHttpHeaders
  body: string
  /** The status the receiver answered this delivery with. */
  answered: number
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>

/**
 * A merchant's webhook endpoint on a free loopback port: keeps every delivery (headers and raw body)
 * and answers `status` (200 unless told) until `answerWith` changes it, so a spec can make Paylink retry.
 */
export async function startWebhookReceiver(status = 200) {
  const received: Delivery[] = []
  let answer = status
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      received.push({ headers: req.headers, body, answered: answer })
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'ok' : 'receiver down')
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/paylink-hook`,
    received,
    answerWith: (next: number) => (answer = next),
    // Paylink keeps its connection to the receiver alive: close it rather than wait for it to time out.
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  }
}

/** The event a delivery carries, the fields the specs read. */
export function eventOf(delivery: Delivery): { id: string; type: string } {
  return JSON.parse(delivery.body) as { id: string; type: string }
}

/**
 * Waits for link.paid among `received` and checks it: its Standard Webhooks signature holds under
 * the link's `secret`, it names `linkId`, and the same signature on a changed body fails.
 */
export async function expectSignedLinkPaid(received: Delivery[], secret: string, linkId: string) {
  await expect.poll(() => received.some((d) => eventOf(d).type === 'link.paid'), { timeout: 15_000 }).toBe(true)
  const paid = received.find((d) => eventOf(d).type === 'link.paid')!
  const headers = {
    'webhook-id': String(paid.headers['webhook-id']),
    'webhook-timestamp': String(paid.headers['webhook-timestamp']),
    'webhook-signature': String(paid.headers['webhook-signature']),
  }
  const verified = new Webhook(secret).verify(paid.body, headers) as { type: string; data: unknown }
  expect(verified.type).toBe('link.paid')
  expect(JSON.stringify(verified.data)).toContain(linkId)
  expect(
    () => new Webhook(secret).verify(paid.body.replace(linkId, `${linkId}x`), headers),
    'a changed body fails',
  ).toThrow()
}
