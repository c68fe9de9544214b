import autocannon from 'autocannon'

export interface LoadResult {
  /** Mean requests per second. */
  rps: number
  p99: number
  /** Connection errors and timeouts. */
  errors: number
  non2xx: number
  total: number
}

/**
 * GET `url` (or the `request` given: the same one every time) with `connections` keep-alive
 * connections for `seconds` (autocannon, loopback).
 */
export async function runAutocannon(
  url: string,
  seconds: number,
  connections = 10,
  request?: { method: 'POST'; headers: Record<string, string>; body: string },
): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, ...request })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }
}
