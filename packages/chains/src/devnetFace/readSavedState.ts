import { readFile } from 'node:fs/promises'

/**
 * A devnet's saved chain state (the JSON it wrote with writeFileWhole), or null when there is none
 * (no path, or no file yet: a fresh chain). A file of another format is refused rather than read as
 * this chain's, so a start never mistakes one family's state for another's.
 */
export async function readSavedState<State extends { format: string }>(
  path: string | undefined,
  format: State['format'],
  chainName: string,
): Promise<State | null> {
  if (!path) return null
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
  const state = JSON.parse(text) as State
  if (state.format !== format) throw new Error(`${path} is not a ${chainName} devnet state (${format})`)
  return state
}
