import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { plainDecimal, RateSourceError } from '../rateSource.js'
import { bitstamp } from './bitstamp.js'
import { coinbase } from './coinbase.js'
import { coingecko } from './coingecko.js'
import { kraken } from './kraken.js'

// Bodies written from each API's documentation (see ../fixtures/README.md), not recorded.
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')

describe('rate source adapters (bodies written from the APIs’ docs)', () => {
  it('coinbase: asks /v2/prices/ETH-USD/spot and reads data.amount; refuses another currency or base', () => {
    expect(coinbase.url('ETH', 'USD')).toBe('https://api.coinbase.com/v2/prices/ETH-USD/spot')
    expect(coinbase.parse(fixture('coinbase-spot.json'), 'ETH', 'USD')).toBe('3012.345678')
    expect(() => coinbase.parse(fixture('coinbase-spot.json'), 'ETH', 'EUR')).toThrow(RateSourceError)
    expect(() => coinbase.parse(fixture('coinbase-spot.json'), 'BTC', 'USD')).toThrow(RateSourceError)
    expect(() => coinbase.parse('{"errors":[{"id":"not_found"}]}', 'ETH', 'USD')).toThrow(/no "data"/)
  })

  it('kraken: asks Ticker?pair=ETHUSD (XBT for BTC), reads c[0] of the one result; its error array is the answer', () => {
    expect(kraken.url('ETH', 'USD')).toBe('https://api.kraken.com/0/public/Ticker?pair=ETHUSD')
    expect(kraken.url('BTC', 'EUR')).toBe('https://api.kraken.com/0/public/Ticker?pair=XBTEUR')
    expect(kraken.parse(fixture('kraken-ticker.json'), 'ETH', 'USD')).toBe('3013.05')
    expect(() => kraken.parse(fixture('kraken-error.json'), 'ETH', 'USD')).toThrow(/Unknown asset pair/)
  })

  it('bitstamp: asks /api/v2/ticker/ethusd/ and reads last', () => {
    expect(bitstamp.url('ETH', 'USD')).toBe('https://www.bitstamp.net/api/v2/ticker/ethusd/')
    expect(bitstamp.parse(fixture('bitstamp-ticker.json'), 'ETH', 'USD')).toBe('3010.8')
    expect(() => bitstamp.parse('{"last": 3010.8}', 'ETH', 'USD')).toThrow(RateSourceError)
  })

  it('coingecko: asks simple/price by coin id and reads the number from the body text, digit for digit', () => {
    expect(coingecko.url('ETH', 'USD')).toBe(
      'https://api.coingecko.com/api/v3/simple/price?ids=ethereum&vs_currencies=usd&precision=full',
    )
    expect(coingecko.url('DOGE', 'USD')).toBeNull()
    expect(coingecko.parse(fixture('coingecko-simple-price.json'), 'ETH', 'USD')).toBe('3011.4582917363')
    // More digits than a float holds: read from the text, not through a JS number.
    expect(coingecko.parse('{"ethereum":{"usd":3011.458291736312345678}}', 'ETH', 'USD')).toBe(
      '3011.458291736312345678',
    )
    expect(
      coingecko.parse(
        '{"shiba-inu":{"usd":1}, "ethereum":{"usd":1.2e-5}}'.replace('"shiba-inu":{"usd":1}, ', ''),
        'ETH',
        'USD',
      ),
    ).toBe('0.000012')
    expect(() => coingecko.parse('{"ethereum":{}}', 'ETH', 'USD')).toThrow(RateSourceError)
  })

  it('refuses what is not a positive price: not JSON, zero, negative, text', () => {
    for (const body of [
      '<html>rate limited</html>',
      '{"last":"0.000"}',
      '{"last":"-5"}',
      '{"last":"abc"}',
      '{"last":"1e999"}',
    ]) {
      expect(() => bitstamp.parse(body, 'ETH', 'USD'), body).toThrow(RateSourceError)
    }
    expect(plainDecimal('1.50E+3', 'x')).toBe('1500')
    expect(plainDecimal('000.0100', 'x')).toBe('0.01')
  })
})
