// The Dev Wallet's Solana side (Wallet Standard, keys from a public seed): browser code, no Node imports.
export { devWalletSolanaKey, DEV_WALLET_SOLANA_ACCOUNTS, type DevWalletSolanaKey } from './devWalletSolanaKeys.js'
export {
  createSolanaStandardWallet,
  registerStandardWallet,
  sendWireTransaction,
  signWireTransaction,
  UserRejectedError,
  type RequestGate,
  type SolanaStandardWallet,
} from './solanaStandardWallet.js'
