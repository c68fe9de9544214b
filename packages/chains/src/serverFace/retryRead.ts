import { ChainReadError } from './errors.js'

export interface RetryReadOptions {
  /** Further attempts after the first (default 2). */
  retries?: number
  /** The first backoff; each next one doubles, with full jitter (default 250 ms). */
  baseDelayMs?: number
  /** A provider's Retry-After is honoured up to this (default 5000 ms): a pass must not wait on it for minutes. */
  maxDelayMs?: number
  /** Injected in tests; Math.random otherwise. */
  random?: () => number
  sleep?: (ms: number) => Promise<void>
}

/** A read the provider refused for now (429 or 5xx): `retryAfterMs` is its Retry-After, when it sent one. */
export class RetryableReadError extends ChainReadError {
  override name = 'RetryableReadError'
  constructor(
    shortMessage: string,
    readonly retryAfterMs: number | null,
  ) {
    super(shortMessage)
  }
}

/** Retry-After in seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs a read again when it failed as a provider fails (a ChainReadError: timeout, 5xx, 429,
 * a cut or malformed body), with exponential backoff and full jitter so many readers do not
 * come back in step, and the provider's Retry-After when it gave one. Anything else (a bug) is
 * thrown at once. The last failure is thrown as it was.
 */
export async function retryRead<T>(read: () => Promise<T>, options: RetryReadOptions = {}): Promise<T> {
  const { retries = 2, baseDelayMs = 250, maxDelayMs = 5000, random = Math.random, sleep = wait } = options
  for (let attempt = 0; ; attempt++) {
    try {
      return await read()
    } catch (error) {
      if (!(error instanceof ChainReadError) || attempt >= retries) throw error
      const backoff = random() * baseDelayMs * 2 ** attempt
      const asked = error instanceof RetryableReadError ? error.retryAfterMs : null
      await sleep(Math.min(maxDelayMs, asked ?? backoff))
    }
  }
}
