import { describe, expect, it } from 'vitest'
import { UnavailableError } from '../errors.js'
import { readForRefund } from './readForRefund.js'

describe('readForRefund', () => {
  it('passes the answer on; no read, or a read that fails, is CHAIN_UNAVAILABLE (a retry may pass)', async () => {
    expect(await readForRefund('bip122:x', async () => ['bc1q…'])).toEqual(['bc1q…'])
    await expect(readForRefund('bip122:x', null)).rejects.toMatchObject({
      code: 'CHAIN_UNAVAILABLE',
      shortMessage: 'This server does not read bip122:x.',
    })
    const down = new Error('ECONNREFUSED')
    const failed = await readForRefund('eip155:1', () => Promise.reject(down)).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(UnavailableError)
    expect(failed).toMatchObject({
      code: 'CHAIN_UNAVAILABLE',
      shortMessage: 'Could not read eip155:1 right now: try again in a moment.',
      cause: down,
    })
  })
})
