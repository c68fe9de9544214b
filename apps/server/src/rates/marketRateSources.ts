import type { RateSource } from './rateSource.js'
import { bitstamp } from './sources/bitstamp.js'
import { coinbase } from './sources/coinbase.js'
import { coingecko } from './sources/coingecko.js'
import { kraken } from './sources/kraken.js'

/** Every source adapter, by the name RATE_SOURCES uses. */
export const marketRateSources: Readonly<Record<string, RateSource>> = { coinbase, kraken, bitstamp, coingecko }
