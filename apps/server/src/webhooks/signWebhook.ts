import { createHmac, timingSafeEqual } from 'node:crypto'

/** `Paylink-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>` */
export function signWebhook(secret: string, rawBody: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
  return `t=${timestamp},v1=${digest}`
}

export interface VerifyWebhookSignatureParameters {
  secret: string
  rawBody: string
  header: string | undefined
  /** Refuse signatures older (or newer) than this many seconds (default 300). */
  toleranceSeconds?: number
  now?: number
}

/** What a receiver does (here for our tests and as the reference for merchants). */
export function verifyWebhookSignature({
  secret,
  rawBody,
  header,
  toleranceSeconds = 300,
  now = Date.now() / 1000,
}: VerifyWebhookSignatureParameters): boolean {
  if (!header) return false
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]))
  const timestamp = Number(parts.get('t'))
  const signature = parts.get('v1')
  if (!Number.isInteger(timestamp) || !signature || Math.abs(now - timestamp) > toleranceSeconds) return false
  const expected = signWebhook(secret, rawBody, timestamp).split('v1=')[1]!
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
}
