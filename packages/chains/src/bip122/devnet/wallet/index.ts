// The Dev Wallet's Bitcoin side (a sats-connect provider over BIP-84/86 regtest keys, and the keys and
// signatures it shares with the E2E test wallet): browser code, no Node imports. The demo page loads it
// on the wallet's first request; the methods it answers are on their own subpath (`./wallet/methods`)
// so the page can announce the wallet without loading it.
export {
  createDevBitcoinWallet,
  type CreateDevBitcoinWalletParameters,
  type DevBitcoinProvider,
  type DevBitcoinWallet,
} from './devBitcoinWallet.js'
export {
  devWalletBitcoinKeys,
  devWalletBitcoinAddresses,
  devWalletBitcoinReceivingKey,
} from './devWalletBitcoinKeys.js'
export {
  bip322MessageHash,
  deriveBitcoinAccount,
  publicAddress,
  signBip137,
  signBip322,
  type BitcoinAccountKeys,
  type DerivedAddress,
} from './bitcoinAccount.js'
export { DEV_BITCOIN_METHODS } from './devBitcoinMethods.js'
export { answerSignMessage } from './answerSignMessage.js'
export { addressEntry, answerConnection, notAConnectionRequest, type ConnectingWallet } from './answerConnection.js'
export { objectOf, RPC, RpcFailure } from './satsConnectRpc.js'
