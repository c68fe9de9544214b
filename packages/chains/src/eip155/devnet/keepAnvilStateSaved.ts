import { anvilRpc } from './anvilRpc.js'
import { saveAnvilState } from './saveAnvilState.js'

export type KeepAnvilStateSavedParameters = {
  rpcUrl: string
  statePath: string
  /** How long to wait between looks for a new block. Defaults to 500 ms. */
  intervalMs?: number
}

export type KeepAnvilStateSavedReturnType = {
  /** Saves now (after a change without a block, e.g. anvil_setBalance). */
  save(): Promise<void>
  /** Stops looking; waits for a save under way. */
  stop(): Promise<void>
}

/**
 * Saves the chain's state (saveAnvilState) after each new block, looking every `intervalMs`:
 * if anvil itself is killed outright, the chain loses at most the blocks of that last interval
 * and of the save under way. Anvil's own exit dump covers every gentler end.
 */
export function keepAnvilStateSaved({
  rpcUrl,
  statePath,
  intervalMs = 500,
}: KeepAnvilStateSavedParameters): KeepAnvilStateSavedReturnType {
  let savedHead: string | null = null
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  let timer: NodeJS.Timeout | undefined

  // One save at a time, in order, so a later save always holds a later state. A failed look
  // (anvil busy or stopping) is retried at the next one.
  const enqueue = (work: () => Promise<void>) => (running = running.then(work).catch(() => {}))

  const saveIfNewBlock = async () => {
    const latest = await anvilRpc<{ hash: string } | null>(rpcUrl, 'eth_getBlockByNumber', ['latest', false])
    // The hash, not the number: evm_revert and a mined block can leave the number as it was.
    if (!latest || latest.hash === savedHead) return
    await saveAnvilState(rpcUrl, statePath)
    savedHead = latest.hash
  }

  const look = async () => {
    await enqueue(saveIfNewBlock)
    if (!stopped) schedule()
  }
  const schedule = () => {
    timer = setTimeout(() => void look(), intervalMs)
    timer.unref()
  }
  schedule()

  return {
    save: () => enqueue(() => saveAnvilState(rpcUrl, statePath)),
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
