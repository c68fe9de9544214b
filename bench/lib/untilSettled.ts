/** How far one more batch may move a figure for it to count as settled. */
export const settledWithin = 0.05

export interface UntilSettledOptions {
  /** Measures once more (one run, one round, one set of phases) and keeps what it measured. */
  batch(): Promise<void>
  /** The figures that must settle (medians, ratios of medians), from everything kept so far. */
  figures(): number[]
  /** Batches before the first comparison. */
  minBatches: number
  /** No more than this many batches, settled or not. */
  maxBatches: number
}

/**
 * Runs `minBatches` batches, then one more at a time until a batch moves none of the figures by
 * more than 5 % (or `maxBatches` is reached), so a figure is the median of enough runs that two
 * bench runs in a row agree (issue #19 asks within 15 %). Returns the batches run and whether the
 * figures settled, for the row's note.
 */
export async function untilSettled({
  batch,
  figures,
  minBatches,
  maxBatches,
}: UntilSettledOptions): Promise<{ batches: number; settled: boolean }> {
  let batches = 0
  while (batches < minBatches) {
    await batch()
    batches++
  }
  while (batches < maxBatches) {
    const before = figures()
    await batch()
    batches++
    const after = figures()
    if (after.every((value, i) => Math.abs(value - before[i]!) <= settledWithin * Math.max(Math.abs(before[i]!), 1e-9)))
      return { batches, settled: true }
  }
  return { batches, settled: false }
}
