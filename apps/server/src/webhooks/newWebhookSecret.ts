import { randomBytes } from 'node:crypto'

/**
 * A link's webhook signing secret in the Standard Webhooks form: `whsec_` and the standard
 * base64 (padded) of 32 random bytes, which the specification's libraries decode as the HMAC key.
 * Stored readable so the worker can sign with it.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}
