import type { ChainFamily } from '../chainFamily.js'
import { readBitcoinHead } from './readBitcoinHead.js'
import { readBitcoinIdentity } from './readBitcoinIdentity.js'

/**
 * Bitcoin chains (CAIP-2 `bip122:<genesis hash prefix>`), read from an Esplora API. Heads and
 * identity only for now: no `connect`, so the tracker does not follow payments here yet.
 */
export const bip122Family: ChainFamily = {
  namespace: 'bip122',
  readHead: ({ rpcUrl }, options) => readBitcoinHead(rpcUrl, options),
  readIdentity: ({ rpcUrl }, options) => readBitcoinIdentity(rpcUrl, options),
}
