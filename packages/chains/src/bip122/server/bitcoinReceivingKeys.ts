import type { ReceivingKeyRules } from '../../serverFace/chainFamily.js'
import { bitcoinNetworkOf } from './bitcoinNetworks.js'
import { deriveBitcoinAddress } from './deriveBitcoinAddress.js'
import { parseWatchOnlyKey } from './parseWatchOnlyKey.js'

/**
 * A merchant's Bitcoin watch-only key: stored as a canonical descriptor after it is checked (never
 * private material); its addresses are shown on the configured networks of its kind (mainnet or test).
 */
export const bitcoinReceivingKeys: ReceivingKeyRules = {
  canonical: (input, field) => parseWatchOnlyKey(input, field).descriptor,
  read(stored) {
    const key = parseWatchOnlyKey(stored, 'key')
    return {
      counterKey: key.counterKey,
      script: key.script,
      networkKind: key.mainnet ? 'mainnet' : 'test',
      addressesAt: (index, caipNetworkIds) =>
        caipNetworkIds.flatMap((caipNetworkId) => {
          const network = bitcoinNetworkOf(caipNetworkId)
          return network && network.mainnet === key.mainnet
            ? [{ caipNetworkId, address: deriveBitcoinAddress(key, index, network) }]
            : []
        }),
    }
  },
}
