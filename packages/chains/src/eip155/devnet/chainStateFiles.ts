import { resolve } from 'node:path'

export type ChainStateFiles = {
  /** The state a start loads: written whole (temp file + rename) after each new block. */
  statePath: string
  /** Where anvil itself writes when it stops (not atomically: a kill mid-write tears it). */
  exitDumpPath: string
  /** `{ pid, ownerPid }` of the running anvil, to find it if its server dies. */
  pidFile: string
}

/** The files of one devnet chain in a state directory, e.g. `<dir>/eip155-31337.json`. */
export function chainStateFiles(stateDir: string, chainId: number): ChainStateFiles {
  const base = resolve(stateDir, `eip155-${chainId}`)
  return { statePath: `${base}.json`, exitDumpPath: `${base}.exit.json`, pidFile: `${base}.pid` }
}
