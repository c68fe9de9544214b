import { Webhook } from 'standardwebhooks'
import { PaylinkWebhookError } from './errors.js'
import type { WebhookEvent } from './types.js'

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

/**
 * Checks a webhook Paylink sent (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`, the link's `whsec_` secret) and returns its event. `body` must be the raw
 * request body, byte for byte as received: a re-serialized JSON object does not verify.
 * During a secret rotation both signatures are sent and either secret verifies.
 */
export function verifyWebhook(body: string, headers: WebhookHeaders, secret: string): WebhookEvent {
  const flat: Record<string, string> = {}
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers)
  for (const [name, value] of entries) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  try {
    return new Webhook(secret).verify(body, flat) as WebhookEvent
  } catch (error) {
    throw new PaylinkWebhookError(
      `The webhook does not verify: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
}
