import { isRecord, parseJson, plainDecimal, RateSourceError, type RateSource } from '../rateSource.js'

/** Kraken names bitcoin XBT. */
const krakenAsset = (symbol: string) => (symbol === 'BTC' ? 'XBT' : symbol)

/**
 * Kraken's public ticker: `GET https://api.kraken.com/0/public/Ticker?pair=ETHUSD` answers
 * `{ "error": [], "result": { "XETHZUSD": { "a": [...], "b": [...], "c": ["<price>", "<lot volume>"], ... } } }`.
 * The result is keyed by Kraken's own pair name (XETHZUSD for ETHUSD), so the single entry is read;
 * `c[0]` is the last trade's price.
 */
export const kraken: RateSource = {
  name: 'kraken',
  url: (base, currency) =>
    `https://api.kraken.com/0/public/Ticker?pair=${encodeURIComponent(krakenAsset(base) + currency)}`,
  parse(body) {
    const json = parseJson(body, 'kraken')
    if (!isRecord(json)) throw new RateSourceError('kraken: not an object')
    if (Array.isArray(json.error) && json.error.length > 0)
      throw new RateSourceError(`kraken: ${json.error.map(String).join('; ').slice(0, 200)}`)
    const result = json.result
    if (!isRecord(result)) throw new RateSourceError('kraken: no "result" object')
    const entries = Object.values(result)
    if (entries.length !== 1 || !isRecord(entries[0]))
      throw new RateSourceError(`kraken: expected one pair in "result", got ${entries.length}`)
    const last = entries[0].c
    if (!Array.isArray(last)) throw new RateSourceError('kraken: no last-trade array "c"')
    return plainDecimal(last[0], 'kraken c[0]')
  },
}
