import { describe, expect, it } from 'vitest'
import { checkWebhookUrl } from './checkWebhookUrl.js'
import { signWebhook, verifyWebhookSignature } from './signWebhook.js'
import { retryDelayMs } from './webhookWorker.js'
import { webhookRetryWindowMs } from './enqueueWebhookEvents.js'

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap, with jitter of ±20 %', () => {
    const mid = () => 0.5
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 10_000, 3600_000, mid))).toEqual([10_000, 20_000, 40_000, 80_000, 160_000])
    expect(retryDelayMs(30, 10_000, 3600_000, mid)).toBe(3600_000)
    expect(retryDelayMs(1, 10_000, 3600_000, () => 0)).toBe(8000)
    expect(retryDelayMs(1, 10_000, 3600_000, () => 1)).toBe(12_000)
  })
  it('keeps retrying for at least 24 hours', () => {
    expect(webhookRetryWindowMs).toBeGreaterThanOrEqual(24 * 3600_000)
  })
})

describe('signWebhook', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256(secret, t.body)>', () => {
    // Python: hmac.new(b'whsec_test', b'1700000000.{"a":1}', hashlib.sha256).hexdigest()
    expect(signWebhook('whsec_test', '{"a":1}', 1700000000)).toBe('t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789')
    const header = signWebhook('s', 'body', 1000)
    expect(verifyWebhookSignature({ secret: 's', rawBody: 'body', header, now: 1000 })).toBe(true)
    expect(verifyWebhookSignature({ secret: 's', rawBody: 'body', header, now: 1000 + 301 })).toBe(false)
    expect(verifyWebhookSignature({ secret: 's', rawBody: 'body', header: 't=1000', now: 1000 })).toBe(false)
  })
})

describe('checkWebhookUrl', () => {
  it('takes absolute http(s) URLs without credentials', () => {
    expect(checkWebhookUrl('https://shop.example/hooks/paylink')).toBeNull()
    expect(checkWebhookUrl('http://127.0.0.1:8080/x')).toBeNull()
    expect(checkWebhookUrl('ftp://shop.example/x')).toMatch(/http/)
    expect(checkWebhookUrl('/relative')).toMatch(/absolute/)
    expect(checkWebhookUrl('https://user:pw@shop.example/')).toMatch(/credentials/)
  })
})
