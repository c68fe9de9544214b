import { ApiRequestError } from './client.js'

/**
 * TanStack Query's `retry` for calls to the server: up to `times` more tries, but only when
 * trying again can help (no answer at all, a 5xx, or 429). A 4xx other than 429 is the server's
 * decision and is shown at once.
 */
export function retryTransient(times: number) {
  return (failureCount: number, error: Error): boolean => {
    if (failureCount >= times) return false
    if (!(error instanceof ApiRequestError)) return true
    return error.status >= 500 || error.status === 429
  }
}
