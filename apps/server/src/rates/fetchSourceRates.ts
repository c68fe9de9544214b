import { parseRate, rateDecimals } from '@paylink/shared'
import type { RateSource } from './rateSource.js'
import type { SourceRate } from './medianRate.js'

export type FetchText = (
  url: string,
  signal: AbortSignal,
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>

export interface RateCache {
  get(key: string): { rate: bigint; at: number } | undefined
  set(key: string, value: { rate: bigint; at: number }): void
}

export interface FetchSourceRatesParameters {
  sources: readonly RateSource[]
  base: string
  currency: string
  fetchText: FetchText
  /** Each source gets this long (2000 ms); a later answer is ignored. */
  timeoutMs: number
  cache: RateCache
  /** How long an answer is reused for the same pair. */
  cacheMs: number
  now: () => number
  onFailure: (source: string, problem: string) => void
}

/** Asks every source for one pair at once (or takes its recent answer) and returns those that answered in time. */
export async function fetchSourceRates({
  sources,
  base,
  currency,
  fetchText,
  timeoutMs,
  cache,
  cacheMs,
  now,
  onFailure,
}: FetchSourceRatesParameters): Promise<SourceRate[]> {
  const answers = await Promise.all(
    sources.map(async (source): Promise<SourceRate | null> => {
      const key = `${source.name}:${base}:${currency}`
      const held = cache.get(key)
      if (held && now() - held.at < cacheMs) return { source: source.name, rate: held.rate }
      const url = source.url(base, currency)
      if (!url) return null
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeoutMs)
      try {
        const response = await fetchText(url, controller.signal)
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const [whole, fraction = ''] = source.parse(await response.text(), base, currency).split('.')
        // Beyond 18 decimals is below any currency's smallest unit: cut, not rounded.
        const rate = parseRate(fraction ? `${whole}.${fraction.slice(0, rateDecimals)}` : whole!)
        if (rate === 0n) throw new Error('a price below 10^-18')
        cache.set(key, { rate, at: now() })
        return { source: source.name, rate }
      } catch (error) {
        onFailure(
          source.name,
          controller.signal.aborted
            ? `no answer within ${timeoutMs} ms`
            : error instanceof Error
              ? error.message
              : String(error),
        )
        return null
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  return answers.filter((answer): answer is SourceRate => answer !== null)
}
