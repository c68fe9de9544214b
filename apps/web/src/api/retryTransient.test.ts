import { describe, expect, it } from 'vitest'
import { ApiRequestError } from './client.js'
import { retryTransient } from './retryTransient.js'

describe('retryTransient', () => {
  const retry = retryTransient(2)
  it('tries again after no answer, a 5xx or a 429, up to the limit', () => {
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retry(1, new ApiRequestError('down', 503, 'HTTP_ERROR'))).toBe(true)
    expect(retry(0, new ApiRequestError('slow down', 429, 'RATE_LIMITED'))).toBe(true)
    expect(retry(2, new ApiRequestError('down', 503, 'HTTP_ERROR'))).toBe(false)
  })
  it('shows the server’s refusal at once', () => {
    expect(retry(0, new ApiRequestError('No such link', 404, 'LINK_NOT_FOUND'))).toBe(false)
    expect(retry(0, new ApiRequestError('Bad hash', 400, 'VALIDATION_ERROR'))).toBe(false)
  })
})
