import { signWebhook } from './signWebhook.js'

export interface SendWebhookParameters {
  url: string
  body: string
  secret: string
  eventId: string
  timeoutMs: number
  /** Bytes of the response read at most; the rest is discarded. */
  maxResponseBytes: number
  now?: () => number
}

export type SendWebhookReturnType = { ok: boolean; statusCode: number | null; error: string | null }

/**
 * One POST of a signed event. Success is a 2xx within the timeout. Redirects are not followed
 * (a 3xx is a failure: the merchant configures the final URL), and the response body is read
 * only up to a cap so a hostile endpoint cannot make us buffer without end.
 */
export async function sendWebhook({ url, body, secret, eventId, timeoutMs, maxResponseBytes, now = Date.now }: SendWebhookParameters): Promise<SendWebhookReturnType> {
  const timestamp = Math.floor(now() / 1000)
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Paylink-Webhooks/1',
        'paylink-event-id': eventId,
        'paylink-signature': signWebhook(secret, body, timestamp),
      },
      body,
    })
    await drain(response, maxResponseBytes).catch(() => {})
    const ok = response.status >= 200 && response.status < 300
    return { ok, statusCode: response.status, error: ok ? null : `HTTP ${response.status}` }
  } catch (error) {
    const timedOut = signal.aborted
    return { ok: false, statusCode: null, error: timedOut ? `no answer within ${timeoutMs} ms` : ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message }
  }
}

async function drain(response: Response, maxBytes: number): Promise<void> {
  if (!response.body) return
  const reader = response.body.getReader()
  let read = 0
  try {
    while (read <= maxBytes) {
      const { done, value } = await reader.read()
      if (done) return
      read += value.byteLength
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
}
