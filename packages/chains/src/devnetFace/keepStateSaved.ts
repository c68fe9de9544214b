import { writeFileWhole } from './writeFileWhole.js'

export type KeepStateSavedParameters<State> = {
  /** The state file; without one, only an explicit `save(path)` writes. */
  statePath: string | undefined
  /** How long after a change the state is written (default 500 ms): a burst of changes is one write. */
  debounceMs?: number | undefined
  /** The chain's state now, as the JSON its start reads back. */
  snapshot: () => State
  /** For the log line of a failed save, e.g. 'bitcoin devnet'. */
  label: string
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
export function keepStateSaved<State>({
  statePath,
  debounceMs = 500,
  snapshot,
  label,
}: KeepStateSavedParameters<State>): StateSaver {
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
      }, debounceMs)
    },
    async stopAndFlush() {
      stopped = true
      if (timer) clearTimeout(timer)
      await saving
      if (statePath) await save()
    },
  }
}
