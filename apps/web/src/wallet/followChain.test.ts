import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { followChain, type ChainFollower, type Visibility } from './followChain.js'

/** A fake RPC: a head the test moves, counters of what was asked. */
function fakeChain(head = 1n) {
  const chain = {
    head,
    known: undefined as bigint | undefined,
    headReads: 0,
    balanceReads: 0,
    failNextHead: false,
    readHead: async () => {
      chain.headReads++
      if (chain.failNextHead) {
        chain.failNextHead = false
        throw new Error('RPC down')
      }
      return chain.head
    },
    readBalances: async (at: bigint) => {
      chain.balanceReads++
      chain.known = at
    },
  }
  return chain
}

function fakeVisibility(hidden = false) {
  const listeners = new Set<() => void>()
  const visibility: Visibility & { set(hidden: boolean): void } = {
    hidden: () => hidden,
    onChange(callback) {
      listeners.add(callback)
      return () => listeners.delete(callback)
    },
    set(value) {
      hidden = value
      for (const l of listeners) l()
    },
  }
  return visibility
}

describe('followChain', () => {
  let follower: ChainFollower | undefined
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    follower?.stop()
    vi.useRealTimers()
  })

  const start = (
    chain: ReturnType<typeof fakeChain>,
    visibility = fakeVisibility(),
    onError?: (e: unknown) => void,
  ) => {
    follower = followChain({
      readHead: chain.readHead,
      knownHead: () => chain.known,
      readBalances: chain.readBalances,
      intervalMs: 1000,
      visibility,
      ...(onError ? { onError } : {}),
    })
    return visibility
  }

  it('head unchanged: one head read per interval and no balance read', async () => {
    const chain = fakeChain(5n)
    chain.known = 5n
    start(chain)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(chain.headReads).toBe(10)
    expect(chain.balanceReads).toBe(0)
  })

  it('head changed: exactly one balance read, then quiet until the next block', async () => {
    const chain = fakeChain(5n)
    chain.known = 5n
    start(chain)
    await vi.advanceTimersByTimeAsync(2000)
    chain.head = 6n
    await vi.advanceTimersByTimeAsync(1000)
    expect(chain.balanceReads).toBe(1)
    expect(chain.known).toBe(6n)
    await vi.advanceTimersByTimeAsync(5000)
    expect(chain.balanceReads).toBe(1)
    chain.head = 9n // several blocks between two polls: still one read
    await vi.advanceTimersByTimeAsync(1000)
    expect(chain.balanceReads).toBe(2)
  })

  it('nothing read yet: the first head triggers the read', async () => {
    const chain = fakeChain(3n)
    start(chain)
    await vi.advanceTimersByTimeAsync(1000)
    expect(chain.balanceReads).toBe(1)
  })

  it('hidden: one read per 30 s; shown again: at once', async () => {
    const chain = fakeChain(1n)
    chain.known = 1n
    const visibility = start(chain)
    await vi.advanceTimersByTimeAsync(1000)
    expect(chain.headReads).toBe(1)
    visibility.set(true)
    await vi.advanceTimersByTimeAsync(1000) // the tick already scheduled
    expect(chain.headReads).toBe(2)
    await vi.advanceTimersByTimeAsync(29_000)
    expect(chain.headReads).toBe(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(chain.headReads).toBe(3)
    chain.head = 2n
    visibility.set(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(chain.headReads).toBe(4)
    expect(chain.balanceReads).toBe(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(chain.headReads).toBe(5)
  })

  it('a failed head read is reported and the next interval tries again', async () => {
    const chain = fakeChain(2n)
    chain.known = 1n
    chain.failNextHead = true
    const errors: unknown[] = []
    start(chain, fakeVisibility(), (e) => errors.push(e))
    await vi.advanceTimersByTimeAsync(1000)
    expect(errors).toHaveLength(1)
    expect(chain.balanceReads).toBe(0)
    await vi.advanceTimersByTimeAsync(1000)
    expect(chain.balanceReads).toBe(1)
  })

  it('stop: no more reads', async () => {
    const chain = fakeChain(1n)
    start(chain)
    follower!.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(chain.headReads).toBe(0)
  })
})
