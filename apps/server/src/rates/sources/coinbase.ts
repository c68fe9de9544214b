import { isRecord, parseJson, plainDecimal, RateSourceError, type RateSource } from '../rateSource.js'

/**
 * Coinbase's public spot price: `GET https://api.coinbase.com/v2/prices/ETH-USD/spot` answers
 * `{ "data": { "amount": "1015.00", "currency": "USD", "base": "ETH" } }` (amount a string).
 */
export const coinbase: RateSource = {
  name: 'coinbase',
  url: (base, currency) =>
    `https://api.coinbase.com/v2/prices/${encodeURIComponent(base)}-${encodeURIComponent(currency)}/spot`,
  parse(body, base, currency) {
    const json = parseJson(body, 'coinbase')
    const data = isRecord(json) ? json.data : undefined
    if (!isRecord(data)) throw new RateSourceError('coinbase: no "data" object')
    if (data.currency !== undefined && data.currency !== currency)
      throw new RateSourceError(`coinbase: priced in ${JSON.stringify(data.currency)}, not ${currency}`)
    if (data.base !== undefined && data.base !== base)
      throw new RateSourceError(`coinbase: a price of ${JSON.stringify(data.base)}, not ${base}`)
    return plainDecimal(data.amount, 'coinbase data.amount')
  },
}
