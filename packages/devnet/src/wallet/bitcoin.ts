// The Dev Wallet's Bitcoin account for Node and tests (`@paylink/devnet/wallet/bitcoin`): kept out of
// the wallet entry the demo page loads before the toolkit starts.
export {
  createDevBitcoinWallet,
  devWalletBitcoinKeys,
  devWalletBitcoinAddresses,
  type CreateDevBitcoinWalletParameters,
  type DevBitcoinWallet,
} from '@paylink/chains/bip122/devnet/wallet'
