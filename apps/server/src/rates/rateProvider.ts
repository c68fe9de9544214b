import type { FiatCurrency } from '@paylink/shared'
import { fetchSourceRates, type FetchText } from './fetchSourceRates.js'
import { medianRate } from './medianRate.js'
import type { RateSource } from './rateSource.js'

export type RateAnswer = { ok: true; rate: bigint; source: string } | { ok: false; problem: string }

/** Where quotes get their rates: the market (several public sources) or the demo's fixed table. */
export interface RateProvider {
  /** Fiat `currency` per one `base` unit (ETH, BTC), scaled by 10^18, or why there is none now. */
  rate(base: string, currency: FiatCurrency): Promise<RateAnswer>
}

export interface MarketRatesOptions {
  sources: readonly RateSource[]
  fetchText: FetchText
  /** Per source (default 2000 ms). */
  timeoutMs?: number
  /** Reuse of one source's answer for a pair (default 30 s). */
  cacheMs?: number
  /** Drop a source this many percent from the median (default "5"). */
  outlierPercent?: string
  log: (fields: Record<string, unknown>, message: string) => void
  now?: () => number
}

/** Rates from public price APIs: the median of those that answered in time, outliers dropped and logged. */
export function createMarketRates({
  sources,
  fetchText,
  timeoutMs = 2000,
  cacheMs = 30_000,
  outlierPercent = '5',
  log,
  now = Date.now,
}: MarketRatesOptions): RateProvider {
  const held = new Map<string, { rate: bigint; at: number }>()
  return {
    async rate(base, currency) {
      const answers = await fetchSourceRates({
        sources,
        base,
        currency,
        fetchText,
        timeoutMs,
        cache: { get: (key) => held.get(key), set: (key, value) => held.set(key, value) },
        cacheMs,
        now,
        onFailure: (source, problem) =>
          log(
            { source, pair: `${base}-${currency}`, problem },
            `rate source ${source} gave no ${base}-${currency} price`,
          ),
      })
      const picked = medianRate(answers, outlierPercent)
      for (const dropped of picked.dropped) {
        log(
          { source: dropped.source, pair: `${base}-${currency}`, deviationPercent: dropped.deviationPercent },
          `rate source ${dropped.source} dropped: ${dropped.deviationPercent}% from the median`,
        )
      }
      if (!picked.ok) return { ok: false, problem: `No ${base} price in ${currency} right now: ${picked.reason}.` }
      return { ok: true, rate: picked.rate, source: `median of ${picked.used.join(', ')}` }
    },
  }
}

/** The demo's rates: a fixed table, never the network; its source says so on every quote. */
export function createDevnetRates(
  table: Readonly<Record<string, Partial<Record<FiatCurrency, bigint>>>>,
): RateProvider {
  return {
    async rate(base, currency) {
      const rate = table[base]?.[currency]
      if (rate === undefined)
        return { ok: false, problem: `No ${base} price in ${currency}: the devnet rate table has none.` }
      return { ok: true, rate, source: 'devnet fixed table (not a market price)' }
    },
  }
}
