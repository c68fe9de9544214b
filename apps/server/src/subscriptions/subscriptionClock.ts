/**
 * The time renewals run on: the real time, plus what the demo's `POST /devnet/clock` added (only
 * the demo can move it). Per process: the demo runs one.
 */
export interface SubscriptionClock {
  now(): Date
  /** Seconds added so far. */
  offsetSeconds(): number
  advance(seconds: number): void
}

export function createSubscriptionClock(): SubscriptionClock {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    offsetSeconds: () => offsetMs / 1000,
    advance(seconds) {
      offsetMs += seconds * 1000
    },
  }
}
