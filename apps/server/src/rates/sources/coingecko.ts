import { isRecord, parseJson, plainDecimal, RateSourceError, type RateSource } from '../rateSource.js'

/** CoinGecko names coins by id, not by ticker symbol: the ones Paylink's chains pay in. */
const coinIds: Record<string, string> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  // eslint-disable-next-line no-restricted-syntax -- CoinGecko's coin id for SOL, not a chain namespace
  SOL: 'solana',
  USDC: 'usd-coin',
  USDT: 'tether',
  DAI: 'dai',
}

/**
 * CoinGecko's simple price: `GET https://api.coingecko.com/api/v3/simple/price?ids=ethereum&vs_currencies=usd&precision=full`
 * answers `{ "ethereum": { "usd": 3456.78 } }`. The price is a JSON number, so it is read from the
 * body's own text (JSON.parse would turn it into a float first); the parsed object only checks the
 * shape and that the number is where the text says.
 */
export const coingecko: RateSource = {
  name: 'coingecko',
  url: (base, currency) => {
    const id = coinIds[base]
    return id
      ? `https://api.coingecko.com/api/v3/simple/price?ids=${id}&vs_currencies=${currency.toLowerCase()}&precision=full`
      : null
  },
  parse(body, base, currency) {
    const id = coinIds[base]
    if (!id) throw new RateSourceError(`coingecko: no coin id for ${base}`)
    const key = currency.toLowerCase()
    const json = parseJson(body, 'coingecko')
    const coin = isRecord(json) ? json[id] : undefined
    if (!isRecord(coin) || typeof coin[key] !== 'number') throw new RateSourceError(`coingecko: no ${id}.${key} number`)
    // The answer asked for holds one coin and one currency: its one "<currency>": <number> pair.
    const literals = [...body.matchAll(new RegExp(`"${key}"\\s*:\\s*(-?[0-9][0-9.eE+-]*)`, 'g'))]
    if (literals.length !== 1)
      throw new RateSourceError(`coingecko: expected one "${key}" price in the body, found ${literals.length}`)
    const text = literals[0]![1]!
    if (Number(text) !== coin[key])
      throw new RateSourceError('coingecko: the price text does not match the parsed body')
    return plainDecimal(text, `coingecko ${id}.${key}`)
  },
}
