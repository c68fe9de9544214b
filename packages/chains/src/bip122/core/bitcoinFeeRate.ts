/** The fee rate (sat/vB, whole) to pay from Esplora's `/fee-estimates`: the next-block target, rounded up, at least 1. */
export function bitcoinFeeRate(estimates: Record<string, number>): bigint {
  const next = estimates['1'] ?? estimates['2'] ?? estimates['3'] ?? 1
  return BigInt(Math.max(1, Math.ceil(Number.isFinite(next) ? next : 1)))
}
