import { describe, expect, it } from 'vitest'
import { isRangeTooWide, readInHalves } from './readInHalves.js'

describe('readInHalves', () => {
  it('halves a range the provider refuses until each part passes, keeping block order', async () => {
    const asked: string[] = []
    const logs = await readInHalves(1n, 10n, async (from, to) => {
      asked.push(`${from}-${to}`)
      if (to - from + 1n > 3n) throw new Error('query returned more than 10000 results')
      return Array.from({ length: Number(to - from + 1n) }, (_, i) => from + BigInt(i))
    })
    expect(logs).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n])
    expect(asked).toEqual(['1-10', '1-5', '1-3', '4-5', '6-10', '6-8', '9-10'])
  })

  it('throws other errors at once, and a single block still refused', async () => {
    await expect(readInHalves(1n, 8n, async () => Promise.reject(new Error('HTTP 503')))).rejects.toThrow('HTTP 503')
    let calls = 0
    await expect(
      readInHalves(5n, 5n, async () => {
        calls++
        throw new Error('block range too large')
      }),
    ).rejects.toThrow('too large')
    expect(calls).toBe(1)
  })

  it('knows the providers’ ways of saying it, also in a wrapped error', () => {
    expect(isRangeTooWide(new Error('x', { cause: { message: 'eth_getLogs block range too large, max 2000' } }))).toBe(
      true,
    )
    expect(isRangeTooWide({ message: 'Could not read', details: 'Log response size exceeded. limit exceeded' })).toBe(
      true,
    )
    expect(isRangeTooWide(new Error('execution reverted'))).toBe(false)
  })
})
