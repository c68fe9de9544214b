import { rmSync } from 'node:fs'

import { DevnetError, DevnetInUseError } from '../../devnetErrors.js'
import { findLeftoverAnvil, type FindLeftoverAnvilParameters } from './findLeftoverAnvil.js'

export type EndLeftoverAnvilParameters = FindLeftoverAnvilParameters & {
  /** How long anvil gets to write its state and exit before SIGKILL. Defaults to 10 000 ms. */
  timeoutMs?: number
}

/**
 * Ends the anvil a previous run of this data dir left behind (its server was killed and the
 * anvil did not follow), so its final state write is done before a new anvil reads the state.
 * Throws DevnetInUseError when the process that started it is alive: that devnet is not ours to end.
 * Resolves to the pid it ended, or null when nothing was left.
 */
export async function endLeftoverAnvil({
  timeoutMs = 10_000,
  ...find
}: EndLeftoverAnvilParameters): Promise<number | null> {
  const leftover = findLeftoverAnvil(find)
  if (leftover?.ownerPid) {
    throw new DevnetInUseError(
      `The devnet state ${find.dumpState} is in use by process ${leftover.ownerPid}; stop that server or use another DATA_DIR`,
    )
  }
  if (leftover) {
    signal(leftover.pid, 'SIGTERM')
    const deadline = Date.now() + timeoutMs
    let killed = false
    while (findLeftoverAnvil(find)) {
      if (!killed && Date.now() > deadline) {
        signal(leftover.pid, 'SIGKILL')
        killed = true
      } else if (Date.now() > deadline + 2000) {
        throw new DevnetError(
          `The devnet left over in process ${leftover.pid} (${find.dumpState}) does not end; end it by hand`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  rmSync(find.pidFile, { force: true })
  return leftover?.pid ?? null
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name)
  } catch {
    // Already gone.
  }
}
