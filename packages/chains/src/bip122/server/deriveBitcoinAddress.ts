import { HDKey } from '@scure/bip32'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import type { BitcoinNetwork } from './bitcoinNetworks.js'
import type { WatchOnlyKey } from './parseWatchOnlyKey.js'

const versions = {
  mainnet: { private: 0x0488ade4, public: 0x0488b21e },
  test: { private: 0x04358394, public: 0x043587cf },
}

/**
 * The receive address at `index` under a watch-only key (`<key>/0/<index>`): P2WPKH for
 * `wpkh`, P2TR key path with the BIP86 tweak (no script tree) for `tr`, encoded for `network`.
 */
export function deriveBitcoinAddress(
  key: Pick<WatchOnlyKey, 'script' | 'extendedKey' | 'mainnet'>,
  index: number,
  network: BitcoinNetwork,
): string {
  const account = HDKey.fromExtendedKey(key.extendedKey, key.mainnet ? versions.mainnet : versions.test)
  const publicKey = account.deriveChild(0).deriveChild(index).publicKey!
  const payment =
    key.script === 'wpkh'
      ? p2wpkh(publicKey, network.parameters)
      : p2tr(publicKey.subarray(1), undefined, network.parameters)
  return payment.address
}
