import { ChainReadError } from './errors.js'

/** Why a request to an endpoint failed, as /metrics and /api/health count it. */
export type EndpointErrorKind = 'timeout' | 'unreachable' | 'rate-limited' | 'http-5xx' | 'http-4xx' | 'bad-answer'

/** A read no endpoint answered usably: a ChainReadError, as every failed chain read is. */
export class EndpointError extends ChainReadError {
  constructor(
    message: string,
    readonly kind: EndpointErrorKind,
    /** Milliseconds the endpoint asked to be left alone (Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, { cause: options?.cause })
  }
}

export type NetworkState = 'ok' | 'degraded' | 'down'

/** How a failed request is tried again, as a chain reader's caller tunes it (tests shorten the waits). */
export interface RetryReadOptions {
  /** Further attempts after the first, across the endpoints (default: 2 per endpoint, at least 2). */
  retries?: number
  /** The first backoff; each next one doubles, with jitter (default 100 ms). */
  baseDelayMs?: number
  /** No wait is longer, a provider's Retry-After included (default 4000 ms). */
  maxDelayMs?: number
  random?: () => number
  sleep?: (ms: number) => Promise<void>
}

export interface EndpointPoolStatus {
  /** ok: the first endpoint answers; degraded: another one does, or answers came after retries; down: none answers. */
  state: NetworkState
  /** The endpoint the next request goes to first. */
  endpoint: string
  lastError: { kind: EndpointErrorKind; message: string; at: Date } | null
  /** When the state last changed. */
  since: Date
}

export interface EndpointPoolOptions {
  /** In order of preference: the first is used while it answers. */
  urls: readonly string[]
  /** Per attempt. */
  timeoutMs: number
  /** Attempts per request across all endpoints (default: 2 per endpoint, at least 3). */
  maxAttempts?: number
  /** Backoff before a retry: base * 2^n with jitter, at most max (defaults 100 ms and 4 s). */
  baseDelayMs?: number
  maxDelayMs?: number
  /** Requests in flight per endpoint at most; more wait their turn (default 8). */
  maxConcurrent?: number
  /** Error statuses that are an answer (Esplora's 404 for a transaction it does not know). */
  answeredStatuses?: readonly number[]
  /** One line per switch of the endpoint in use (the operator's log). */
  onSwitch?: (from: string, to: string, reason: string) => void
  /** Each HTTP request sent (metrics). */
  onRequest?: (endpoint: string) => void
  /** Each failed attempt, and whether it is retried (metrics). */
  onError?: (endpoint: string, error: EndpointError, retried: boolean) => void
  /** [0, 1): the jitter's draw (tests pass a fixed one). */
  random?: () => number
  sleep?: (ms: number) => Promise<void>
}

export interface EndpointPool {
  /**
   * Sends `init` to `path` under the chosen endpoint's URL and gives the response to `read`;
   * a failure anywhere (no answer in time, 429, 5xx, `read` throwing on a cut-off or failed
   * answer) is retried on the next healthy endpoint after a backoff, or where an endpoint said
   * Retry-After, not before then. Throws the last EndpointError when every attempt failed.
   */
  request<T>(path: string, init: RequestInit, read: (response: Response) => Promise<T>): Promise<T>
  status(): EndpointPoolStatus
}

interface Endpoint {
  url: string
  /** Failures in a row: each doubles how long the endpoint rests before it is tried again. */
  failures: number
  /** Not tried before this moment (Retry-After, or its failures' backoff). */
  restUntil: number
  active: number
  waiting: Array<() => void>
}

/**
 * One network's RPC endpoints (a paid provider, a public one, …) behind one `request`: each
 * endpoint tried in turn by health (a failing endpoint rests, twice as long after each failure in
 * a row, and the list's order decides among the rested, so the first is used again once it
 * answers), a per-attempt
 * timeout, retries with exponential backoff and full jitter, Retry-After honoured for the
 * endpoint that said it, and a bound on requests in flight per endpoint (a provider's
 * concurrency limit is a 429 storm otherwise). Knows nothing of JSON-RPC or REST: `read`
 * decides what a good answer is.
 */
export function createEndpointPool(options: EndpointPoolOptions): EndpointPool {
  if (options.urls.length === 0) throw new Error('createEndpointPool needs at least one URL')
  const endpoints: Endpoint[] = options.urls.map((url) => ({
    url: url.replace(/\/$/, ''),
    failures: 0,
    restUntil: 0,
    active: 0,
    waiting: [],
  }))
  const maxAttempts = options.maxAttempts ?? Math.max(3, endpoints.length * 2)
  const baseDelayMs = options.baseDelayMs ?? 100
  const maxDelayMs = options.maxDelayMs ?? 4000
  const maxConcurrent = options.maxConcurrent ?? 8
  const answered = options.answeredStatuses ?? []
  const random = options.random ?? Math.random
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let inUse = endpoints[0]!
  let state: NetworkState = 'ok'
  let since = new Date()
  let lastError: EndpointPoolStatus['lastError'] = null

  const setState = (next: NetworkState) => {
    if (next === state) return
    state = next
    since = new Date()
  }
  /** Not resting first, in list order; all resting: the one free soonest. */
  const ranked = (now: number) =>
    [...endpoints].sort(
      (a, b) =>
        Number(a.restUntil > now) - Number(b.restUntil > now) ||
        (a.restUntil > now ? a.restUntil - b.restUntil : 0) ||
        endpoints.indexOf(a) - endpoints.indexOf(b),
    )
  const use = (endpoint: Endpoint, reason: string) => {
    if (endpoint === inUse) return
    options.onSwitch?.(inUse.url, endpoint.url, reason)
    inUse = endpoint
  }
  const acquire = async (endpoint: Endpoint) => {
    while (endpoint.active >= maxConcurrent) await new Promise<void>((resolve) => endpoint.waiting.push(resolve))
    endpoint.active++
  }
  const release = (endpoint: Endpoint) => {
    endpoint.active--
    endpoint.waiting.shift()?.()
  }

  const attempt = async <T>(
    endpoint: Endpoint,
    path: string,
    init: RequestInit,
    read: (response: Response) => Promise<T>,
  ) => {
    await acquire(endpoint)
    try {
      options.onRequest?.(endpoint.url)
      let response: Response
      try {
        response = await fetch(`${endpoint.url}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs) })
      } catch (cause) {
        const timedOut = (cause as Error).name === 'TimeoutError'
        throw new EndpointError(
          timedOut
            ? `${endpoint.url} did not answer within ${options.timeoutMs} ms`
            : `${endpoint.url} could not be reached`,
          timedOut ? 'timeout' : 'unreachable',
          null,
          { cause },
        )
      }
      if (!response.ok && !answered.includes(response.status)) {
        await response.body?.cancel().catch(() => {})
        const limited = response.status === 429
        throw new EndpointError(
          `${endpoint.url} answered HTTP ${response.status}`,
          limited ? 'rate-limited' : response.status >= 500 ? 'http-5xx' : 'http-4xx',
          readRetryAfter(response.headers.get('retry-after')),
        )
      }
      try {
        return await read(response)
      } catch (cause) {
        if (cause instanceof EndpointError) throw cause
        throw new EndpointError(
          `${endpoint.url} gave an answer that could not be used: ${(cause as Error).message}`,
          'bad-answer',
          null,
          { cause },
        )
      }
    } finally {
      release(endpoint)
    }
  }

  return {
    async request(path, init, read) {
      let last: EndpointError | null = null
      for (let n = 0; n < maxAttempts; n++) {
        const now = Date.now()
        const order = ranked(now)
        const endpoint = order[0]!
        // Every endpoint resting: wait for the first to be free again (Retry-After is a floor).
        if (endpoint.restUntil > now) await sleep(Math.min(endpoint.restUntil - now, maxDelayMs))
        if (n > 0 || endpoint !== inUse) use(endpoint, last ? `${last.kind}: ${last.message}` : 'recovered')
        try {
          const result = await attempt(endpoint, path, init, read)
          endpoint.failures = 0
          endpoint.restUntil = 0
          setState(endpoint === endpoints[0] && n === 0 ? 'ok' : 'degraded')
          return result
        } catch (error) {
          const failure =
            error instanceof EndpointError
              ? error
              : new EndpointError((error as Error).message, 'bad-answer', null, { cause: error })
          last = failure
          lastError = { kind: failure.kind, message: failure.message, at: new Date() }
          endpoint.failures++
          // Full jitter over the upper half: retries of many requests do not arrive together.
          const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (endpoint.failures - 1)) * (0.5 + random() / 2)
          endpoint.restUntil = Date.now() + Math.max(failure.retryAfterMs ?? 0, backoff)
          const retried = n + 1 < maxAttempts
          options.onError?.(endpoint.url, failure, retried)
          // Another endpoint is tried at once; the same one only after its backoff (the loop's wait).
        }
      }
      setState('down')
      throw last!
    },
    status: () => ({ state, endpoint: inUse.url, lastError, since }),
  }
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. At most a minute. */
function readRetryAfter(value: string | null): number | null {
  if (!value) return null
  const seconds = Number(value)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now()
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 60_000) : null
}
