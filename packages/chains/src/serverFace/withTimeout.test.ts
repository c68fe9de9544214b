import { describe, expect, it } from 'vitest'
import { TimeoutError, withTimeout } from './withTimeout.js'

describe('withTimeout', () => {
  it('passes on a value that comes in time', async () => {
    await expect(withTimeout(Promise.resolve('head'), 1000)).resolves.toBe('head')
  })

  it('passes on a rejection that comes in time, unchanged', async () => {
    const failure = new Error('rpc down')
    await expect(withTimeout(Promise.reject(failure), 1000)).rejects.toBe(failure)
  })

  it('rejects with TimeoutError naming the limit when the promise is too slow', async () => {
    const never = new Promise<never>(() => {})
    const started = Date.now()
    const error = await withTimeout(never, 50).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).message).toBe('no answer within 50 ms')
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
  })
})
