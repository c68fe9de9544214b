import { describe, expect, it } from 'vitest'
import { checkWebhookUrl } from './checkWebhookUrl.js'
import { signWebhook, verifyWebhookSignature } from './signWebhook.js'
import { retryDelayMs } from './webhookWorker.js'
import { webhookRetryWindowMs } from './enqueueWebhookEvents.js'

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap, with jitter of ±20 %', () => {
    const mid = () => 0.5
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 10_000, 3600_000, mid))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000,
    ])
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
    expect(signWebhook('whsec_test', '{"a":1}', 1700000000)).toBe(
      't=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    )
    const header = signWebhook('s', 'body', 1000)
    expect(verifyWebhookSignature({ secret: 's', rawBody: 'body', header, now: 1000 })).toBe(true)
    expect(verifyWebhookSignature({ secret: 's', rawBody: 'body', header, now: 1000 + 301 })).toBe(false)
    expect(verifyWebhookSignature({ secret: 's', rawBody: 'body', header: 't=1000', now: 1000 })).toBe(false)
  })
})

const strict = { allowHttp: false, allowPrivateAddresses: false }
const open = { allowHttp: true, allowPrivateAddresses: true }

describe('checkWebhookUrl', () => {
  it('takes absolute http(s) URLs without credentials', () => {
    expect(checkWebhookUrl('https://shop.example/hooks/paylink', strict)).toBeNull()
    expect(checkWebhookUrl('http://127.0.0.1:8080/x', open)).toBeNull()
    expect(checkWebhookUrl('ftp://shop.example/x', open)).toMatch(/http/)
    expect(checkWebhookUrl('/relative', open)).toMatch(/absolute/)
    expect(checkWebhookUrl('https://user:pw@shop.example/', open)).toMatch(/credentials/)
  })

  it('wants https unless http is allowed, and refuses private IP literals (in any spelling) unless allowed', () => {
    expect(checkWebhookUrl('http://shop.example/x', strict)).toBe('must be an https URL')
    expect(checkWebhookUrl('http://shop.example/x', { ...strict, allowHttp: true })).toBeNull()
    for (const url of [
      'https://127.0.0.1/x',
      'https://2130706433/x', // 127.0.0.1 as one number: the URL parser normalizes it
      'https://0x7f.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://0.0.0.0/',
      'https://localhost:8080/',
      'https://api.localhost/',
    ]) {
      expect(checkWebhookUrl(url, strict), url).toMatch(/^must not point at/)
      expect(checkWebhookUrl(url, { ...strict, allowPrivateAddresses: true }), url).toBeNull()
    }
    expect(checkWebhookUrl('https://93.184.216.34/x', strict)).toBeNull()
  })
})
