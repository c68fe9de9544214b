import { PaylinkNetworkError } from './errors.js'

export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  retries?: number
  /** The first backoff (default 300 ms); each retry doubles it, with full jitter. */
  baseDelayMs?: number
  /** No single wait is longer (default 10 s), Retry-After included. */
  maxDelayMs?: number
}

export interface RetryingFetchOptions extends RetryOptions {
  fetch: (request: Request) => Promise<Response>
  /** A fresh Idempotency-Key for a POST that carries none (default `crypto.randomUUID()`). */
  idempotencyKey?: () => string
  /** Waits (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>
  random?: () => number
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * `fetch` that gives every POST an Idempotency-Key (kept across its retries, so a retried create
 * is answered by the first one's result) and retries 429 after Retry-After, and 5xx and network
 * failures with exponential backoff and full jitter. A 5xx or a lost answer is retried only for a
 * safe method or a request with an Idempotency-Key: otherwise the first attempt may have done the work.
 */
export function retryingFetch({
  fetch,
  retries = 3,
  baseDelayMs = 300,
  maxDelayMs = 10_000,
  idempotencyKey = () => crypto.randomUUID(),
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random = Math.random,
}: RetryingFetchOptions): (request: Request) => Promise<Response> {
  return async (original) => {
    let request = original
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) {
      const headers = new Headers(request.headers)
      headers.set('idempotency-key', idempotencyKey())
      request = new Request(request, { headers })
    }
    const mayRepeat = safeMethods.has(request.method) || request.headers.has('idempotency-key')
    const backoff = (attempt: number) => Math.min(maxDelayMs, random() * baseDelayMs * 2 ** attempt)
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries
      let response: Response
      try {
        response = await fetch(last ? request : request.clone())
      } catch (error) {
        if (last || !mayRepeat)
          throw new PaylinkNetworkError(`${request.method} ${request.url} failed`, { cause: error })
        await sleep(backoff(attempt))
        continue
      }
      if (last) return response
      if (response.status === 429) {
        await response.body?.cancel()
        await sleep(retryAfterMs(response.headers.get('retry-after'), maxDelayMs) ?? backoff(attempt))
      } else if (response.status >= 500 && mayRepeat) {
        await response.body?.cancel()
        await sleep(backoff(attempt))
      } else {
        return response
      }
    }
  }
}

/** Retry-After as seconds or an HTTP date, capped; null when absent or unreadable. */
export function retryAfterMs(value: string | null, maxMs: number): number | null {
  if (!value) return null
  const seconds = Number(value)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now()
  return Number.isNaN(ms) ? null : Math.min(maxMs, Math.max(0, ms))
}
