import type { ChainFamily } from '../../serverFace/chainFamily.js'
import { connectBitcoin } from './connectBitcoin.js'
import { prepareBitcoinOption } from './prepareBitcoinOption.js'
import { readBitcoinHead } from './readBitcoinHead.js'
import { readBitcoinIdentity } from './readBitcoinIdentity.js'
import { bitcoinReceivingKeys } from './bitcoinReceivingKeys.js'
import { bitcoinRefundRecipient } from './bitcoinRefundRecipient.js'
import { verifyBip122Signature } from './verifyBip122Signature.js'
import { createBitcoinDevnetFaucet } from './bitcoinDevnetFaucet.js'

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
  verifySignature: async (parameters) => verifyBip122Signature(parameters),
  // A watch-only key spends from many derived addresses: no one sender identifies the merchant.
  refunds: { sender: () => null, recipient: bitcoinRefundRecipient },
  receivingKeys: bitcoinReceivingKeys,
  devnetFaucet: (devnet) => (devnet.bitcoin ? createBitcoinDevnetFaucet(devnet.bitcoin) : null),
}

export { bitcoinNetworkOf, type BitcoinNetwork } from './bitcoinNetworks.js'
export { connectBitcoin } from './connectBitcoin.js'
export { deriveBitcoinAddress } from './deriveBitcoinAddress.js'
export { descriptorChecksum } from './descriptorChecksum.js'
export { parseWatchOnlyKey } from './parseWatchOnlyKey.js'
export { readBitcoinAddress } from './readBitcoinAddress.js'
export { mempoolAddressesPerPass } from './sightMempool.js'
export { verifyBip122Signature } from './verifyBip122Signature.js'
export { createBitcoinDevnetFaucet, devnetBitcoinAsset } from './bitcoinDevnetFaucet.js'
