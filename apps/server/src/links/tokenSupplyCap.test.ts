import type { PaymentChainReader } from '@paylink/chains/server'
import { describe, expect, it } from 'vitest'
import { RequestValidationError } from '../errors.js'
import { offlineAssets } from '../testing/offlineApp.js'
import { createTokenSupplyCap } from './tokenSupplyCap.js'

const [eth, tusd] = [offlineAssets[0]!, offlineAssets[1]!]
const body = (amount: string, asset = tusd) => ({ options: [{ asset: asset.assetId, amount }] })

/** A reader whose supply reads are counted and answered by `answer`. */
function readerOf(answer: () => Promise<bigint>) {
  const reads: string[] = []
  const reader = {
    readTokenSupply: (token: string) => {
      reads.push(token)
      return answer()
    },
  } as unknown as PaymentChainReader
  return { reads, readerOf: () => reader }
}

describe('createTokenSupplyCap', () => {
  it('refuses more of a token than its total supply, naming it; what exists passes', async () => {
    const { readerOf: of } = readerOf(async () => 1_000_000_000n)
    const check = createTokenSupplyCap({ readerOf: of })
    await expect(check(body('1000'), [tusd])).resolves.toBeUndefined()
    const refused = check(body('1000.000001'), [tusd])
    await expect(refused).rejects.toBeInstanceOf(RequestValidationError)
    await expect(refused).rejects.toThrow(
      "body.options[0].amount: is more TUSD than exists: at most 1,000 TUSD (the token's total supply)",
    )
  })

  it('reads a token once for a burst of links, and never for the native coin', async () => {
    const { reads, readerOf: of } = readerOf(async () => 10n ** 30n)
    let now = 0
    const check = createTokenSupplyCap({ readerOf: of, now: () => now })
    await Promise.all([check(body('1'), [tusd]), check(body('2'), [tusd]), check(body('3', eth), [eth])])
    expect(reads).toEqual(['0x5FbDB2315678afecb367f032d93F642f64180aa3'])
    now = 6 * 60_000 // minting moves the supply: read again after five minutes
    await check(body('1'), [tusd])
    expect(reads).toHaveLength(2)
  })

  it('creates the link on the fixed cap alone when the read fails or hangs: never a 5xx because an RPC did', async () => {
    const failing = readerOf(() => Promise.reject(new Error('connection refused')))
    await expect(
      createTokenSupplyCap({ readerOf: failing.readerOf })(body('1' + '0'.repeat(32)), [tusd]),
    ).resolves.toBeUndefined()
    const hanging = readerOf(() => new Promise<bigint>(() => {}))
    await expect(
      createTokenSupplyCap({ readerOf: hanging.readerOf, timeoutMs: 20 })(body('1'), [tusd]),
    ).resolves.toBeUndefined()
    await expect(createTokenSupplyCap({ readerOf: () => null })(body('1'), [tusd])).resolves.toBeUndefined()
  })
})
