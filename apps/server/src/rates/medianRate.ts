import { formatUnits } from '@paylink/shared'

export interface SourceRate {
  source: string
  /** Fiat per whole asset unit, scaled by 10^18. */
  rate: bigint
}

export interface DroppedRate extends SourceRate {
  /** How far from the first median, in percent with 2 decimals ("7.25"). */
  deviationPercent: string
}

export type MedianRateReturnType =
  | { ok: true; rate: bigint; used: string[]; dropped: DroppedRate[] }
  | { ok: false; reason: string; dropped: DroppedRate[] }

/**
 * The rate a quote uses: the median of the sources that answered; a source more than
 * `maxDeviationPercent` from that median is dropped and the median is taken again over the rest.
 * Fewer than two answers (or fewer than two left after dropping) gives no rate: one source alone
 * could be wrong and nothing would tell. With an even count the median is the mean of the middle
 * two, rounded down (at 10^-18 of a currency unit).
 */
export function medianRate(answers: readonly SourceRate[], maxDeviationPercent: string): MedianRateReturnType {
  if (answers.length < 2) {
    return {
      ok: false,
      reason: `${answers.length === 0 ? 'no rate source' : 'only one rate source'} answered; at least two are needed`,
      dropped: [],
    }
  }
  const first = median(answers.map((a) => a.rate))
  // |rate - median| / median > max%, in integers: |rate - median| * 10000 > max(2 decimals) * median.
  const maxBasisPoints = toBasisPoints(maxDeviationPercent)
  const kept: SourceRate[] = []
  const dropped: DroppedRate[] = []
  for (const answer of answers) {
    const distance = answer.rate > first ? answer.rate - first : first - answer.rate
    if (distance * 10_000n > maxBasisPoints * first) {
      dropped.push({ ...answer, deviationPercent: formatUnits((distance * 10_000n) / first, 2) })
    } else kept.push(answer)
  }
  if (kept.length < 2)
    return {
      ok: false,
      reason: `the rate sources disagree by more than ${maxDeviationPercent}%; fewer than two agree`,
      dropped,
    }
  return { ok: true, rate: median(kept.map((k) => k.rate)), used: kept.map((k) => k.source), dropped }
}

function median(values: readonly bigint[]): bigint {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2n
}

/** "5" -> 500n, "2.5" -> 250n (hundredths of a percent). */
function toBasisPoints(percent: string): bigint {
  const [whole, fraction = ''] = percent.split('.')
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
}
