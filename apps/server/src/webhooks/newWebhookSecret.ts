import { randomBytes } from 'node:crypto'

/** A link's webhook signing secret: 256 random bits, readable so the worker can sign with it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`
}
