import { isRecord, parseJson, plainDecimal, RateSourceError, type RateSource } from '../rateSource.js'

/**
 * Bitstamp's public ticker: `GET https://www.bitstamp.net/api/v2/ticker/ethusd/` answers
 * `{ "last": "2211.00", "high": ..., "low": ..., "vwap": ..., "volume": ..., "bid": ..., "ask": ...,
 * "timestamp": "...", "open": ... }` with prices as strings; `last` is the last trade's price.
 */
export const bitstamp: RateSource = {
  name: 'bitstamp',
  url: (base, currency) =>
    `https://www.bitstamp.net/api/v2/ticker/${encodeURIComponent((base + currency).toLowerCase())}/`,
  parse(body) {
    const json = parseJson(body, 'bitstamp')
    if (!isRecord(json)) throw new RateSourceError('bitstamp: not an object')
    return plainDecimal(json.last, 'bitstamp last')
  },
}
