import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchToolkitStart } from './watchToolkitStart.js'

describe('watchToolkitStart', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reports a start that never finishes, once the time is up', async () => {
    const onStall = vi.fn()
    watchToolkitStart(() => new Promise(() => undefined), 10_000, onStall)
    await vi.advanceTimersByTimeAsync(9_999)
    expect(onStall).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(onStall).toHaveBeenCalledTimes(1)
  })

  it('stays quiet when the start finishes or fails in time', async () => {
    const onStall = vi.fn()
    watchToolkitStart(() => Promise.resolve(), 10_000, onStall)
    watchToolkitStart(() => Promise.reject(new Error('failed')), 10_000, onStall)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(onStall).not.toHaveBeenCalled()
  })

  it('stops watching when asked', async () => {
    const onStall = vi.fn()
    const stop = watchToolkitStart(() => new Promise(() => undefined), 10_000, onStall)
    stop()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(onStall).not.toHaveBeenCalled()
  })
})
