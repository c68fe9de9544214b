import { performance } from 'node:perf_hooks'
import { median } from '../table.js'
import { subscribeLinkEvents } from './subscribeLinkEvents.js'
import { untilSettled } from './untilSettled.js'

export interface PollRaceOptions {
  /** Resolves when the tracker's next poll of the chain's head begins (seen at a proxy). */
  trackerPolls(): Promise<void>
  /** Where in the tracker's cycle the event comes, from 0 (as a poll begins) to 1: one of `phasesOf`. */
  phase: number
  /** A bare client beside the tracker (none when the figure has no baseline): one poll, true once it sees the event, and the tracker's interval, which it keeps too. */
  bare?: { poll(): Promise<boolean>; intervalMs: number }
  /** Makes the event happen (mines the block). */
  fire(): Promise<void>
}

export interface PollRace {
  /** performance.now() just before `fire`. */
  firedAt: number
  /** From one head poll of the tracker to the next, just before this event (its pass, then its interval). */
  cycleMs: number
  /** When the bare client saw the event (0 without one). */
  bareSeenAt: Promise<number>
}

/**
 * Times two head polls of the tracker in a row (its cycle: the pass, then its interval), then
 * makes the event `phase` of a cycle after the second, while a bare client polls in step with the
 * tracker (its first poll at that second poll, then every `intervalMs` after each answer, as the
 * tracker waits between passes). The cycle is taken each time: a pass with a payment pending is
 * longer than an idle one.
 */
export async function pollRace({ trackerPolls, phase, bare, fire }: PollRaceOptions): Promise<PollRace> {
  await trackerPolls()
  const before = performance.now()
  await trackerPolls()
  const polledAt = performance.now()
  const cycleMs = polledAt - before
  const bareSeenAt = (async () => {
    if (!bare) return 0
    while (!(await bare.poll())) await new Promise((resolve) => setTimeout(resolve, bare.intervalMs))
    return performance.now()
  })()
  await sleepUntil(polledAt + phase * cycleMs)
  const firedAt = performance.now()
  await fire()
  return { firedAt, cycleMs, bareSeenAt }
}

/**
 * One run of a block -> "paid" row on a fresh link: once its event stream says "open", `payAndRace`
 * pays the link and races the event against the tracker's poll (pollRace); the run's times from
 * the event are the link's "paid" message (within `paidWithinMs`) and the bare client's sighting.
 */
export async function paidBesideBare(
  origin: string,
  linkId: string,
  paidWithinMs: number,
  payAndRace: () => Promise<PollRace>,
): Promise<{ paid: number; bare: number; cycleMs: number }> {
  const events = subscribeLinkEvents(origin, linkId)
  try {
    await events.waitFor((e) => e.link.status === 'open')
    const race = await payAndRace()
    const [message, bareSeenAt] = await Promise.all([
      events.waitFor((e) => e.link.status === 'paid', paidWithinMs),
      race.bareSeenAt,
    ])
    return { paid: message.at - race.firedAt, bare: bareSeenAt - race.firedAt, cycleMs: race.cycleMs }
  } finally {
    events.close()
  }
}

/** Sweeps of `run` (8 events each, 3 to 8 sweeps) for a paid time and its bare baseline; `stop` (the tracker) after, whatever happens. */
export async function sweepPaidBesideBare(
  run: SweepOptions<'paid' | 'bare'>['run'],
  stop: () => Promise<void>,
): Promise<Sweeps<'paid' | 'bare'>> {
  try {
    return await sweepUntilSettled({
      keys: ['paid', 'bare'],
      phasesPerSweep: paidPhasesPerSweep,
      run,
      minSweeps: 3,
      maxSweeps: 8,
    })
  } finally {
    await stop()
  }
}

/** Events per sweep of the block -> "paid" rows. */
export const paidPhasesPerSweep = 8

export interface SweepOptions<K extends string> {
  keys: readonly K[]
  /** Runs per sweep, one per phase. */
  phasesPerSweep: number
  /** One run with its event at `phase` of the poller's cycle (pollRace); a time per key, and the cycle it saw. */
  run(phase: number): Promise<Record<K, number> & { cycleMs: number }>
  minSweeps: number
  maxSweeps: number
}

export interface Sweeps<K extends string> {
  /** Per key, the mean of each sweep. */
  means: Record<K, number[]>
  /** Per key, every run. */
  runs: Record<K, number[]>
  /** The poller's cycle as each run saw it. */
  cycles: number[]
  settled: boolean
}

/**
 * Event-to-seen times of a poller depend on where in its cycle the event falls, and not
 * smoothly: a block that lands while the tracker's pass is still reading is seen in that pass, one
 * that lands just after waits a whole interval, so a median of runs at random phases sits on the
 * jump between the two and moves by a third from one bench run to the next. A sweep runs one event
 * at each of `phasesPerSweep` points spread evenly over the cycle (in a random order) and takes
 * their mean: the expected time over a phase that is chance for a real block. The figure is the
 * median of the sweeps' means, sweeps added until one moves no median by more than 5 %
 * (untilSettled).
 */
export async function sweepUntilSettled<K extends string>({
  keys,
  phasesPerSweep,
  run,
  minSweeps,
  maxSweeps,
}: SweepOptions<K>): Promise<Sweeps<K>> {
  const perKey = () => Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>
  const means = perKey()
  const runs = perKey()
  const cycles: number[] = []
  const { settled } = await untilSettled({
    batch: async () => {
      const sweep = perKey()
      for (const phase of phasesOf(phasesPerSweep)) {
        const times = await run(phase)
        cycles.push(times.cycleMs)
        for (const key of keys) sweep[key].push(times[key])
      }
      for (const key of keys) {
        runs[key].push(...sweep[key])
        means[key].push(sweep[key].reduce((a, b) => a + b, 0) / sweep[key].length)
      }
    },
    figures: () => keys.map((key) => median(means[key])),
    minBatches: minSweeps,
    maxBatches: maxSweeps,
  })
  return { means, runs, cycles, settled }
}

/** Median of the sweep means, and how it was taken, for a row's note. */
export function describeSweeps(sweeps: Sweeps<string>, phasesPerSweep: number): string {
  const count = Object.values(sweeps.means)[0]?.length ?? 0
  return `median of ${count} sweeps, each the mean of ${phasesPerSweep} events spread over the poller's cycle (median ${Math.round(median(sweeps.cycles))} ms)${sweeps.settled ? ', until a sweep moved no median by more than 5 %' : ', not settled within the sweeps allowed'}`
}

/**
 * `count` points spread evenly over a cycle (fractions of it), in a random order. Spread, not
 * drawn at random, so every sweep covers the cycle alike and does not ride on where a few draws
 * fell (a median of 7 random phases of a 100 ms poll moved by 20 % from run to run).
 */
export function phasesOf(count: number): number[] {
  const phases = Array.from({ length: count }, (_, i) => (i + 0.5) / count)
  for (let i = phases.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[phases[i], phases[j]] = [phases[j]!, phases[i]!]
  }
  return phases
}

async function sleepUntil(at: number) {
  const wait = at - performance.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}

/** Promises for the next request a proxy sees that matches: a proxy calls `seen` with each request, the bench waits on `next`. */
export function requestWaiters<T>(): {
  next(matches: (request: T) => boolean): Promise<void>
  seen(request: () => T): void
} {
  let waiters: Array<{ matches: (request: T) => boolean; resolve: () => void }> = []
  return {
    next: (matches) => new Promise<void>((resolve) => waiters.push({ matches, resolve })),
    seen(request) {
      if (!waiters.length) return
      const value = request()
      const met = waiters.filter((waiter) => waiter.matches(value))
      waiters = waiters.filter((waiter) => !met.includes(waiter))
      for (const waiter of met) waiter.resolve()
    },
  }
}
