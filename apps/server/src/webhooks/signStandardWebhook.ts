import { createHmac } from 'node:crypto'
import { webhookSigningKey } from './webhookSigningKey.js'

export interface SignStandardWebhookParameters {
  /** The event id (`webhook-id`): the same on every attempt. */
  eventId: string
  /** Unix seconds (`webhook-timestamp`). */
  timestamp: number
  body: string
  /** The link's secret first, then a rotated-out one still within its overlap. */
  secrets: readonly string[]
}

/**
 * The `webhook-signature` value of the Standard Webhooks specification: `v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">` per secret, space-separated, so a receiver holding either the old or
 * the new secret verifies during a rotation.
 */
export function signStandardWebhook({ eventId, timestamp, body, secrets }: SignStandardWebhookParameters): string {
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', webhookSigningKey(secret)).update(`${eventId}.${timestamp}.${body}`).digest('base64')}`,
    )
    .join(' ')
}
