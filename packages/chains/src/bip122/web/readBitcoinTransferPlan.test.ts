import { InsufficientBitcoinError } from '../core/index.js'
import { describe, expect, it } from 'vitest'
import { readBitcoinTransferPlan } from './readBitcoinTransferPlan.js'

// Esplora's answers in the shapes of its API documentation (/address/:a/utxo, /fee-estimates).
const utxos = [
  { txid: 'a'.repeat(64), vout: 0, value: 20_000, status: { confirmed: true } },
  { txid: 'b'.repeat(64), vout: 1, value: 1_000_000, status: { confirmed: false } },
]
const fakeFetch = (estimates: Record<string, number>, seen: string[] = []) =>
  (async (url: string) => {
    seen.push(url)
    const body = url.endsWith('/fee-estimates') ? estimates : url.endsWith('/utxo') ? utxos : null
    return new Response(JSON.stringify(body), { status: body ? 200 : 404 })
  }) as typeof fetch

describe('readBitcoinTransferPlan: the fee', () => {
  it("is the next-block fee rate times the size of the transaction the sender's coins make", async () => {
    const seen: string[] = []
    const { fee } = await readBitcoinTransferPlan(
      { esploraUrl: 'http://esplora.test/api/', from: 'bcrt1qsender', amount: 100_000n },
      fakeFetch({ '1': 2.5, '6': 1 }, seen),
    )
    // One input (the largest coin), the recipient and the change: 153 vB at 3 sat/vB.
    expect(fee).toBe(459n)
    expect(seen.sort()).toEqual([
      'http://esplora.test/api/address/bcrt1qsender/utxo',
      'http://esplora.test/api/fee-estimates',
    ])
  })

  it('says when the coins cannot pay the amount and the fee, and when the API fails', async () => {
    await expect(
      readBitcoinTransferPlan(
        { esploraUrl: 'http://esplora.test', from: 'x', amount: 1_020_000n },
        fakeFetch({ '1': 1 }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBitcoinError)
    const down = (async () => new Response('', { status: 503 })) as unknown as typeof fetch
    await expect(
      readBitcoinTransferPlan({ esploraUrl: 'http://esplora.test', from: 'x', amount: 1n }, down),
    ).rejects.toThrow('Bitcoin API answered 503')
  })
})
