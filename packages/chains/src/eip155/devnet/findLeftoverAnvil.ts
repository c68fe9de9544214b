import { readFileSync } from 'node:fs'
import { basename } from 'node:path'

/** What a devnet chain records beside its state while it runs. */
export type ChainPidFile = {
  /** The anvil process. */
  pid: number
  /** The process that started it (and whose death ends it). */
  ownerPid: number
}

export type FindLeftoverAnvilParameters = {
  pidFile: string
  /** The `--dump-state` path the anvil was started with: it names the data dir's chain. */
  dumpState: string
  /** Where process information lives; `/proc` except in tests. */
  procDir?: string
}

/** The anvil still running for that chain, and the live process that owns it, if any. */
export type FindLeftoverAnvilReturnType = { pid: number; ownerPid: number | null } | null

/**
 * The anvil process a pid file names, if that pid still is an anvil writing this chain's state
 * (a pid is reused once its process has ended, so the pid file alone proves nothing).
 * `ownerPid` is set when its starter still is its parent, i.e. the devnet is in use, not left over.
 */
export function findLeftoverAnvil({
  pidFile,
  dumpState,
  procDir = '/proc',
}: FindLeftoverAnvilParameters): FindLeftoverAnvilReturnType {
  const recorded = readPidFile(pidFile)
  if (!recorded) return null
  const argv = readText(`${procDir}/${recorded.pid}/cmdline`)?.split('\0') ?? []
  // A zombie (ended, not yet reaped) has an empty command line: it holds nothing any more.
  if (!argv[0] || basename(argv[0]) !== 'anvil') return null
  const at = argv.indexOf('--dump-state')
  if (at < 0 || argv[at + 1] !== dumpState) return null
  const stat = readText(`${procDir}/${recorded.pid}/stat`)
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const [state, ppid] = stat?.slice(stat.lastIndexOf(')') + 2).split(' ') ?? []
  if (state === 'Z') return null
  return { pid: recorded.pid, ownerPid: Number(ppid) === recorded.ownerPid ? recorded.ownerPid : null }
}

function readPidFile(path: string): ChainPidFile | null {
  const text = readText(path)
  if (text === null) return null
  try {
    const { pid, ownerPid } = JSON.parse(text) as Partial<ChainPidFile>
    return Number.isSafeInteger(pid) && pid! > 1 && Number.isSafeInteger(ownerPid)
      ? { pid: pid!, ownerPid: ownerPid! }
      : null
  } catch {
    return null
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}
