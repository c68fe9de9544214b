// Browser side of @paylink/devnet: no Node imports here.
export { createDevWalletProvider, type CreateDevWalletProviderParameters } from './createDevWalletProvider.js'
export { createDevWallet, type CreateDevWalletParameters, type DevWallet } from './createDevWallet.js'
export { announceDevWallet, DEV_WALLET_ICON, type DevWalletInfo } from './announceDevWallet.js'
export { ProviderRpcError } from './errors.js'
export type {
  DevWalletChain,
  DevWalletEventMap,
  DevWalletProvider,
  DevWalletRequestArguments,
  DevWalletStorage,
} from './types.js'
export { devWalletSolanaKey, DEV_WALLET_SOLANA_ACCOUNTS, type DevWalletSolanaKey } from './devWalletSolanaKeys.js'
export {
  announceDevSolanaWallet,
  createDevSolanaWallet,
  type CreateDevSolanaWalletParameters,
  type DevSolanaChain,
} from './createDevSolanaWallet.js'
export {
  createSolanaStandardWallet,
  registerStandardWallet,
  signWireTransaction,
  type SolanaStandardWallet,
} from './solanaStandardWallet.js'
export { announceDevBitcoinWallet, DEV_BITCOIN_PROVIDER_ID } from './announceDevBitcoinWallet.js'
