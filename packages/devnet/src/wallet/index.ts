// Browser side of @paylink/devnet: the Dev Wallet's shell over each family's wallet side; no Node imports here.
export {
  createDevWalletProvider,
  createDevWallet,
  ProviderRpcError,
  type CreateDevWalletProviderParameters,
  type CreateDevWalletParameters,
  type DevWallet,
  type DevWalletChain,
  type DevWalletEventMap,
  type DevWalletProvider,
  type DevWalletRequestArguments,
  type DevWalletStorage,
} from '@paylink/chains/eip155/devnet/wallet'
export { announceDevWallet, DEV_WALLET_ICON, type DevWalletInfo } from './announceDevWallet.js'
export {
  devWalletSolanaKey,
  DEV_WALLET_SOLANA_ACCOUNTS,
  createSolanaStandardWallet,
  registerStandardWallet,
  signWireTransaction,
  type DevWalletSolanaKey,
  type SolanaStandardWallet,
} from '@paylink/chains/solana/devnet/wallet'
export {
  announceDevSolanaWallet,
  createDevSolanaWallet,
  type CreateDevSolanaWalletParameters,
  type DevSolanaChain,
} from './createDevSolanaWallet.js'
export { announceDevBitcoinWallet, DEV_BITCOIN_PROVIDER_ID } from './announceDevBitcoinWallet.js'
export { devWalletBitcoinReceivingKey } from '@paylink/chains/bip122/devnet/wallet'
