import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { newWebhookSecret } from './newWebhookSecret.js'
import { signStandardWebhook } from './signStandardWebhook.js'
import { webhookSigningKey } from './webhookSigningKey.js'

// Verified with the specification's own library (standardwebhooks on npm), not with our code.
const body = '{"id":"evt_1","type":"link.paid","data":{"title":"Mugs, \\"tea\\""}}'
const now = () => Math.floor(Date.now() / 1000)
const headersFor = (eventId: string, timestamp: number, signature: string) => ({
  'webhook-id': eventId,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signature,
})
/** An old-format secret, as newWebhookSecret made them before: 32 bytes as unpadded base64url. */
const legacySecret = `whsec_${Buffer.alloc(32, 0xfb).toString('base64url')}`

describe('signStandardWebhook', () => {
  it('new secrets are whsec_ + standard base64 of 32 bytes, and the library verifies their signatures', () => {
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(webhookSigningKey(secret)).toHaveLength(32)
    const timestamp = now()
    const signature = signStandardWebhook({ eventId: 'evt_1', timestamp, body, secrets: [secret] })
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
    expect(new Webhook(secret).verify(body, headersFor('evt_1', timestamp, signature))).toEqual(JSON.parse(body))
  })

  it('the library refuses a changed body, id or timestamp, another secret and an old timestamp', () => {
    const secret = newWebhookSecret()
    const timestamp = now()
    const signature = signStandardWebhook({ eventId: 'evt_1', timestamp, body, secrets: [secret] })
    const webhook = new Webhook(secret)
    expect(() => webhook.verify(`${body} `, headersFor('evt_1', timestamp, signature))).toThrow(
      WebhookVerificationError,
    )
    expect(() => webhook.verify(body, headersFor('evt_2', timestamp, signature))).toThrow(WebhookVerificationError)
    expect(() => webhook.verify(body, headersFor('evt_1', timestamp + 1, signature))).toThrow(WebhookVerificationError)
    expect(() => new Webhook(newWebhookSecret()).verify(body, headersFor('evt_1', timestamp, signature))).toThrow(
      WebhookVerificationError,
    )
    const old = timestamp - 3600
    const oldSignature = signStandardWebhook({ eventId: 'evt_1', timestamp: old, body, secrets: [secret] })
    expect(() => webhook.verify(body, headersFor('evt_1', old, oldSignature))).toThrow(/too old/)
  })

  it('during a rotation two signatures go out and a receiver holding either secret verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()]
    const timestamp = now()
    const signature = signStandardWebhook({ eventId: 'evt_9', timestamp, body, secrets: [current, previous] })
    expect(signature.split(' ')).toHaveLength(2)
    expect(signature.split(' ').every((part) => part.startsWith('v1,'))).toBe(true)
    for (const secret of [current, previous])
      expect(new Webhook(secret).verify(body, headersFor('evt_9', timestamp, signature))).toBeTruthy()
    expect(() => new Webhook(newWebhookSecret()).verify(body, headersFor('evt_9', timestamp, signature))).toThrow(
      WebhookVerificationError,
    )
  })

  it('an old-format secret signs with its own UTF-8 bytes as the key (the library verifies it as a raw key)', () => {
    expect(legacySecret).toHaveLength(49)
    expect(webhookSigningKey(legacySecret).toString('utf8')).toBe(legacySecret)
    const timestamp = now()
    const signature = signStandardWebhook({ eventId: 'evt_3', timestamp, body, secrets: [legacySecret] })
    expect(
      new Webhook(Buffer.from(legacySecret, 'utf8'), { format: 'raw' }).verify(
        body,
        headersFor('evt_3', timestamp, signature),
      ),
    ).toBeTruthy()
    // An old secret is never mistaken for base64: 43 characters cannot be padded base64.
    for (let i = 0; i < 50; i++) {
      const old = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')}`
      expect(webhookSigningKey(old).toString('utf8')).toBe(old)
    }
  })

  it('webhookSigningKey decodes only well-formed base64 of 24 to 64 bytes', () => {
    const bytes = (n: number) => Buffer.alloc(n, 7).toString('base64')
    expect(webhookSigningKey(`whsec_${bytes(24)}`)).toHaveLength(24)
    expect(webhookSigningKey(`whsec_${bytes(64)}`)).toHaveLength(64)
    expect(webhookSigningKey(`whsec_${bytes(16)}`).toString('utf8')).toBe(`whsec_${bytes(16)}`)
    expect(webhookSigningKey(`whsec_${bytes(65)}`).toString('utf8')).toBe(`whsec_${bytes(65)}`)
    expect(webhookSigningKey('plain-secret').toString('utf8')).toBe('plain-secret')
  })
})
