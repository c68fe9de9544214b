/** Whether the page is seen, and a way to hear when that changes (document.visibilityState in the app). */
export interface Visibility {
  hidden(): boolean
  /** Calls back on every change; returns the unsubscribe. */
  onChange(callback: () => void): () => void
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface FollowChainParameters<Head> {
  /** The chain's cheap signal: block number, slot or tip height. */
  readHead(): Promise<Head>
  /** The head the shown balances were read at (undefined: none yet). */
  knownHead(): Head | undefined
  /** Reads every balance shown for this chain in one request and stores it with `head`. */
  readBalances(head: Head): Promise<void>
  /** How often to ask for the head while the page is seen: about the chain's block time. */
  intervalMs: number
  /** How often while the page is in a background tab (default 30 s). */
  hiddenIntervalMs?: number
  visibility?: Visibility
  timers?: Timers
  onError?(error: unknown): void
}

export interface ChainFollower {
  stop(): void
}

export const hiddenIntervalMs = 30_000

/**
 * Follows one network's head and re-reads the balances only when it moves: per interval one head
 * request, per new block one balance read, however many assets are shown. A background tab asks
 * once per 30 s; shown again, it asks at once. Ticks never overlap; a failed tick is reported and
 * the next one tries again (the known head stays, so nothing is skipped).
 */
export function followChain<Head>(parameters: FollowChainParameters<Head>): ChainFollower {
  const { readHead, knownHead, readBalances, intervalMs, visibility, onError } = parameters
  const slowMs = parameters.hiddenIntervalMs ?? hiddenIntervalMs
  const timers: Timers = parameters.timers ?? {
    setTimeout: (f, ms) => globalThis.setTimeout(f, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as number),
  }
  let stopped = false
  let running = false
  let tickAgain = false
  let timer: unknown

  const schedule = (ms: number) => {
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = timers.setTimeout(() => {
      timer = undefined
      void tick()
    }, ms)
  }
  const nextDelay = () => (visibility?.hidden() ? slowMs : intervalMs)

  async function tick(): Promise<void> {
    if (stopped) return
    if (running) {
      tickAgain = true
      return
    }
    running = true
    try {
      const head = await readHead()
      if (!stopped && head !== knownHead()) await readBalances(head)
    } catch (error) {
      if (!stopped) onError?.(error)
    } finally {
      running = false
    }
    if (stopped) return
    if (tickAgain) {
      tickAgain = false
      schedule(0)
    } else schedule(nextDelay())
  }

  const unsubscribe = visibility?.onChange(() => {
    // Shown again: catch up now. Hidden: the tick already scheduled runs, then the slow pace.
    if (!visibility.hidden()) {
      if (timer !== undefined) timers.clearTimeout(timer)
      timer = undefined
      void tick()
    }
  })
  schedule(nextDelay())

  return {
    stop() {
      stopped = true
      if (timer !== undefined) timers.clearTimeout(timer)
      timer = undefined
      unsubscribe?.()
    },
  }
}
