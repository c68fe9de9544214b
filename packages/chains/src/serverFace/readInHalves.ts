/**
 * A provider's refusal of a range as too wide ("query returned more than 10000 results", "block
 * range too large", "range exceeds", "limit exceeded"): the same read over half the range passes.
 */
export function isRangeTooWide(error: unknown): boolean {
  for (
    let current = error as { message?: unknown; details?: unknown; cause?: unknown } | undefined, i = 0;
    current && i < 5;
    i++
  ) {
    const text = [current.message, current.details].filter((part) => typeof part === 'string').join(' ')
    if (
      /more than \d+ results|too many results|range (is )?too (large|wide|big)|range exceeds|block range|limit exceeded|response size/i.test(
        text,
      )
    )
      return true
    current = current.cause as typeof current
  }
  return false
}

/**
 * `read(from, to)` over the whole range, or, when the provider refuses it as too wide, over its two
 * halves (and theirs, down to single blocks), in order: eth_getLogs over many blocks with many
 * deposit addresses is refused by most public providers. A single block still refused throws.
 */
export async function readInHalves<T>(
  from: bigint,
  to: bigint,
  read: (from: bigint, to: bigint) => Promise<T[]>,
): Promise<T[]> {
  try {
    return await read(from, to)
  } catch (error) {
    if (from >= to || !isRangeTooWide(error)) throw error
    const middle = from + (to - from) / 2n
    return [...(await readInHalves(from, middle, read)), ...(await readInHalves(middle + 1n, to, read))]
  }
}
