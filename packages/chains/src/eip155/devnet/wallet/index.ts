// The Dev Wallet's EVM side (an EIP-1193 provider over anvil's unlocked accounts): browser code,
// no Node imports, so the demo page can load it.
export { createDevWalletProvider, type CreateDevWalletProviderParameters } from './createDevWalletProvider.js'
export { ACCOUNT_METHODS, createDevWallet, type CreateDevWalletParameters, type DevWallet } from './createDevWallet.js'
export { defaultDevWalletStorage } from './defaultDevWalletStorage.js'
export { ProviderRpcError, userRejected } from './errors.js'
export type * from './types.js'
