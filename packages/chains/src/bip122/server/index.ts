import type { ChainFamily } from '../chainFamily.js'
import { bitcoinPaymentUri } from './bitcoinPaymentUri.js'
import { connectBitcoin } from './connectBitcoin.js'
import { prepareBitcoinOption } from './prepareBitcoinOption.js'
import { readBitcoinHead } from './readBitcoinHead.js'
import { readBitcoinIdentity } from './readBitcoinIdentity.js'

/**
 * Bitcoin chains (CAIP-2 `bip122:<genesis hash prefix>`), read from an Esplora API: BTC links
 * get a fresh address derived from the merchant's watch-only key, found in new blocks (and the
 * mempool) by the tracker, paid from any wallet through a BIP21 URI.
 */
export const bip122Family: ChainFamily = {
  namespace: 'bip122',
  readHead: ({ rpcUrl }, options) => readBitcoinHead(rpcUrl, options),
  readIdentity: ({ rpcUrl }, options) => readBitcoinIdentity(rpcUrl, options),
  connect: connectBitcoin,
  prepareOption: prepareBitcoinOption,
  paymentUri: bitcoinPaymentUri,
}
