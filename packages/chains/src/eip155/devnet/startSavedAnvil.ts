import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

import { startAnvil, type StartAnvilReturnType } from './anvil.js'
import { chainStateFiles } from './chainStateFiles.js'
import { chooseAnvilState } from './chooseAnvilState.js'
import { endLeftoverAnvil } from './endLeftoverAnvil.js'
import { keepAnvilStateSaved } from './keepAnvilStateSaved.js'

export type StartSavedAnvilParameters = {
  chainId: number
  /** The directory of the chains' states, e.g. `<DATA_DIR>/devnet`. */
  stateDir: string
}

export type StartSavedAnvilReturnType = StartAnvilReturnType & {
  /** The chain was loaded from a saved state (false: a new chain). */
  loaded: boolean
  /** Saves the state now (after a change without a block). */
  saveState(): Promise<void>
}

/**
 * Starts an anvil that is the same chain from one start to the next: it ends what a killed run
 * left behind, loads the newest whole saved state, saves after each new block, writes its state
 * when it stops, and records its pid beside the state so the next start can find it.
 */
export async function startSavedAnvil({
  chainId,
  stateDir,
}: StartSavedAnvilParameters): Promise<StartSavedAnvilReturnType> {
  const files = chainStateFiles(stateDir, chainId)
  mkdirSync(dirname(files.statePath), { recursive: true })
  await endLeftoverAnvil({ pidFile: files.pidFile, dumpState: files.exitDumpPath })
  const loadState = chooseAnvilState(files)
  const anvil = await startAnvil({ chainId, ...(loadState ? { loadState } : {}), dumpState: files.exitDumpPath })
  writeFileSync(files.pidFile, JSON.stringify({ pid: anvil.pid, ownerPid: process.pid }))
  const saver = keepAnvilStateSaved({ rpcUrl: anvil.rpcUrl, statePath: files.statePath })
  return {
    ...anvil,
    loaded: loadState !== null,
    saveState: saver.save,
    async stop() {
      await saver.stop()
      await anvil.stop()
      rmSync(files.pidFile, { force: true })
    },
  }
}
