import { writeFileWhole } from './writeFileWhole.js'

/** The options every devnet with a state file takes. */
export type StateFileOptions = {
  /** The state file; without one, only an explicit `saveState(path)` writes. */
  statePath?: string
  /** How long after a change the state is written (default 500 ms): a burst of changes is one write. */
  saveDebounceMs?: number
}

export type StateSaver = {
  /** Writes the state now to `path` (default the state file). */
  save(path?: string): Promise<void>
  /** Writes the state a little later (debounced); nothing once stopped or without a state file. */
  schedule(): void
  /** At close: no more scheduled writes, the one under way ends, then a last write to the state file. */
  stopAndFlush(): Promise<void>
}

/** How a devnet keeps its chain in its state file while it runs, so a restart is the same chain. */
export function keepStateSaved<State>(
  { statePath, saveDebounceMs = 500 }: StateFileOptions,
  /** For the log line of a failed save, e.g. 'bitcoin devnet'. */
  label: string,
  /** The chain's state now, as the JSON its start reads back. */
  snapshot: () => State,
): StateSaver {
  let timer: NodeJS.Timeout | undefined
  let saving: Promise<void> = Promise.resolve()
  let stopped = false
  const save = async (path = statePath): Promise<void> => {
    if (!path) throw new Error('saveState needs a path (no statePath option given)')
    await writeFileWhole(path, JSON.stringify(snapshot()))
  }
  return {
    save,
    schedule() {
      if (!statePath || timer || stopped) return
      timer = setTimeout(() => {
        timer = undefined
        saving = saving.then(() => save()).catch((e) => console.error(`${label}: saving state failed:`, e))
      }, saveDebounceMs)
    },
    async stopAndFlush() {
      stopped = true
      if (timer) clearTimeout(timer)
      await saving
      if (statePath) await save()
    },
  }
}
