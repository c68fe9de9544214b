import { pinnedRequest } from './pinnedRequest.js'
import type { ResolvedAddress } from './resolveWebhookTarget.js'
import { signStandardWebhook } from './signStandardWebhook.js'
import { signWebhook } from './signWebhook.js'

export interface SendWebhookParameters {
  url: string
  /** The already-checked address to connect to; the URL's host is not looked up again. */
  address: ResolvedAddress
  body: string
  secret: string
  /** A rotated-out secret still within its overlap: its signature is sent too. */
  previousSecret?: string | null
  eventId: string
  timeoutMs: number
  /** Bytes of the response read at most; the rest is discarded. */
  maxResponseBytes: number
  now?: () => number
}

export type SendWebhookReturnType = { ok: boolean; statusCode: number | null; error: string | null }

/**
 * One POST of a signed event to a pinned address (TLS still checks the certificate against the
 * URL's host name). Success is a 2xx within the timeout, which covers the whole exchange.
 * Redirects are not followed (a 3xx is a failure: the merchant configures the final URL), and
 * at most `maxResponseBytes` of the answer are read, then dropped, so a hostile endpoint can
 * neither redirect us inward nor make us buffer without end.
 */
export async function sendWebhook({
  url,
  address,
  body,
  secret,
  previousSecret,
  eventId,
  timeoutMs,
  maxResponseBytes,
  now = Date.now,
}: SendWebhookParameters): Promise<SendWebhookReturnType> {
  const timestamp = Math.floor(now() / 1000)
  return pinnedRequest<SendWebhookReturnType>({
    target: new URL(url),
    address,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'Paylink-Webhooks/1',
      // Standard Webhooks (https://www.standardwebhooks.com): what receivers verify.
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signStandardWebhook({
        eventId,
        timestamp,
        body,
        secrets: previousSecret ? [secret, previousSecret] : [secret],
      }),
      // Deprecated, kept for one release so receivers can move to the headers above.
      'paylink-event-id': eventId,
      'paylink-signature': signWebhook(secret, body, timestamp),
    },
    body,
    timeoutMs,
    onResponse: (response, finish) => {
      const status = response.statusCode ?? 0
      const ok = status >= 200 && status < 300
      const result = { ok, statusCode: status, error: ok ? null : `HTTP ${status}` }
      let read = 0
      response.on('data', (chunk: Buffer) => {
        read += chunk.byteLength
        if (read > maxResponseBytes) {
          response.destroy()
          finish(result)
        }
      })
      response.on('end', () => finish(result))
      response.on('error', () => finish(result))
      response.on('close', () => finish(result))
    },
    onTimeout: () => ({ ok: false, statusCode: null, error: `no answer within ${timeoutMs} ms` }),
    onError: (error) => ({
      ok: false,
      statusCode: null,
      error: error.code ? `${error.code}: ${error.message}` : error.message,
    }),
  })
}
