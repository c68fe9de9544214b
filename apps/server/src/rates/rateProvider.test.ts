import { parseRate } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import type { FetchText } from './fetchSourceRates.js'
import { createDevnetRates, createMarketRates } from './rateProvider.js'
import { bitstamp } from './sources/bitstamp.js'
import { coinbase } from './sources/coinbase.js'
import { kraken } from './sources/kraken.js'

const bodies: Record<string, string> = {
  coinbase: '{"data":{"amount":"3000.00","currency":"USD","base":"ETH"}}',
  kraken: '{"error":[],"result":{"XETHZUSD":{"c":["3010.00","1"]}}}',
  bitstamp: '{"last":"3330.00"}',
}

/** A stand-in network: each source answers its body after `delays[name]` ms, or never (Infinity). */
function fakeFetch(delays: Record<string, number>, calls: string[]): FetchText {
  return (url, signal) => {
    const name = Object.keys(bodies).find((n) => url.includes(n))!
    calls.push(name)
    return new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')))
      if (delays[name] !== Infinity)
        setTimeout(() => resolve({ ok: true, status: 200, text: async () => bodies[name]! }), delays[name] ?? 0)
    })
  }
}

describe('createMarketRates', () => {
  it('asks every source, drops and logs the outlier, caches answers briefly', async () => {
    const calls: string[] = []
    const logs: string[] = []
    let now = 0
    const rates = createMarketRates({
      sources: [coinbase, kraken, bitstamp],
      fetchText: fakeFetch({}, calls),
      log: (_f, m) => logs.push(m),
      cacheMs: 30_000,
      now: () => now,
    })
    expect(await rates.rate('ETH', 'USD')).toEqual({
      ok: true,
      rate: parseRate('3005'),
      source: 'median of coinbase, kraken',
    })
    // First median 3010 (the middle of three); 3330 is 10.63% from it.
    expect(logs).toEqual(['rate source bitstamp dropped: 10.63% from the median'])
    expect(calls).toHaveLength(3)
    now = 29_000
    await rates.rate('ETH', 'USD')
    expect(calls).toHaveLength(3)
    now = 31_000
    await rates.rate('ETH', 'USD')
    expect(calls).toHaveLength(6)
  })

  it('a source that does not answer within the timeout is left out; with one left there is no rate', async () => {
    const logs: string[] = []
    const slow = createMarketRates({
      sources: [coinbase, kraken],
      fetchText: fakeFetch({ kraken: Infinity }, []),
      timeoutMs: 100,
      log: (f) => logs.push(String(f.problem)),
    })
    const answer = await slow.rate('ETH', 'USD')
    expect(answer).toEqual({
      ok: false,
      problem: 'No ETH price in USD right now: only one rate source answered; at least two are needed.',
    })
    expect(logs).toEqual(['no answer within 100 ms'])
  })
})

describe('createDevnetRates', () => {
  it('answers from its table, labelled as not a market price, and refuses pairs it lacks', async () => {
    const rates = createDevnetRates({ ETH: { USD: parseRate('3000') } })
    expect(await rates.rate('ETH', 'USD')).toEqual({
      ok: true,
      rate: parseRate('3000'),
      source: 'devnet fixed table (not a market price)',
    })
    expect(await rates.rate('ETH', 'EUR')).toMatchObject({ ok: false })
  })
})
