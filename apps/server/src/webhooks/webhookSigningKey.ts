/** What the Standard Webhooks libraries accept as a secret: 24 to 64 bytes, base64 after `whsec_`. */
const standardSecret = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/

/**
 * The HMAC key of a link's webhook secret. A Standard Webhooks secret (`whsec_` + padded standard
 * base64 of 24-64 bytes, what `newWebhookSecret` makes now) is keyed with its decoded bytes, as the
 * specification says. Secrets made before (`whsec_` + 43 unpadded base64url characters, which can
 * never match the padded form) keep working unchanged: their key is the whole secret's UTF-8 bytes,
 * the key the old `Paylink-Signature` used; receivers pass those bytes as a raw key.
 */
export function webhookSigningKey(secret: string): Buffer {
  const match = standardSecret.exec(secret)
  if (match) {
    const key = Buffer.from(match[1]!, 'base64')
    if (key.length >= 24 && key.length <= 64) return key
  }
  return Buffer.from(secret, 'utf8')
}
