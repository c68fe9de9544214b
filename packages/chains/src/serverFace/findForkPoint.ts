import type { ChainCursor } from './chainFamily.js'

/**
 * After a reorg: the newest remembered block that is still canonical, given a reader of the
 * canonical hashes at some heights (one batch). When none is, and the cursor remembers fewer
 * blocks than the limit (a process that just started), scanning resumes below the oldest; when
 * it remembers the whole limit, null: no reorg a tracker may follow.
 */
export async function findForkPoint(
  readCanonicalHashes: (heights: readonly bigint[]) => Promise<ReadonlyMap<bigint, string | null | undefined>>,
  cursor: ChainCursor,
  reorgDepthLimit: number,
): Promise<ChainCursor | null> {
  const heights = [...cursor.hashes.keys()].sort((a, b) => (a < b ? 1 : -1))
  const canonical = await readCanonicalHashes(heights)
  for (const height of heights) {
    if (canonical.get(height) === cursor.hashes.get(height)) {
      return { number: height, hashes: new Map([...cursor.hashes].filter(([n]) => n <= height)) }
    }
  }
  if (heights.length >= reorgDepthLimit) return null
  const oldest = heights.at(-1) ?? cursor.number
  return { number: oldest - 1n, hashes: new Map() }
}

/** Every height from `from` to `to`, both included. */
export function heightRange(from: bigint, to: bigint): bigint[] {
  const out: bigint[] = []
  for (let n = from; n <= to; n++) out.push(n)
  return out
}
