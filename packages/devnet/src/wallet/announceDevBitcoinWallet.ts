import { DEV_WALLET_ICON } from './announceDevWallet.js'
import { putSatsConnectProvider } from './putSatsConnectProvider.js'
import type {
  CreateDevBitcoinWalletParameters,
  DevBitcoinProvider,
  DevBitcoinWallet,
} from '@paylink/chains/bip122/devnet/wallet'
import { DEV_BITCOIN_METHODS } from '@paylink/chains/bip122/devnet/wallet/methods'

export const DEV_BITCOIN_PROVIDER_ID = 'PaylinkDevWallet.BitcoinProvider'

/**
 * Puts the Dev Wallet's Bitcoin account where AppKit's Bitcoin adapter looks for sats-connect
 * wallets (`window.btc_providers`, provider at `window.PaylinkDevWallet.BitcoinProvider`). Call it
 * before createAppKit: the adapter reads the list once. The wallet itself (keys, transaction
 * building: @scure/btc-signer and @scure/bip32) loads on its first request, so the toolkit's
 * start does not wait for that code.
 */
export function announceDevBitcoinWallet(parameters: CreateDevBitcoinWalletParameters): DevBitcoinProvider {
  const win = globalThis.window as unknown as (Record<string, unknown> & { btc_providers?: unknown[] }) | undefined
  if (!win || typeof win !== 'object') throw new Error('announceDevBitcoinWallet: needs a window')
  let wallet: Promise<DevBitcoinWallet> | undefined
  const load = () =>
    (wallet ??= import('@paylink/chains/bip122/devnet/wallet').then((m) => m.createDevBitcoinWallet(parameters)))
  const provider: DevBitcoinProvider = {
    request: async (method, params) => (await load()).provider.request(method, params),
    // The wallet emits no events (no account or network changes to report).
    addListener: () => () => {},
  }
  putSatsConnectProvider(
    win,
    { id: DEV_BITCOIN_PROVIDER_ID, name: 'Paylink Dev Wallet', icon: DEV_WALLET_ICON, methods: DEV_BITCOIN_METHODS },
    provider,
  )
  return provider
}
