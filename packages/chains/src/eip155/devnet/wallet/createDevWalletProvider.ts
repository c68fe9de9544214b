import { createDevWallet, type CreateDevWalletParameters } from './createDevWallet.js'
import type { DevWalletProvider } from './types.js'

export type CreateDevWalletProviderParameters = CreateDevWalletParameters

/** The Paylink Dev Wallet as a bare EIP-1193 provider (see `createDevWallet`). */
export function createDevWalletProvider(parameters: CreateDevWalletProviderParameters): DevWalletProvider {
  return createDevWallet(parameters).provider
}
