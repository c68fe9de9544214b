/**
 * Browser entry of the TEST wallet bundle (Playwright's `page.addInitScript`; see bundle.ts).
 * Installs the test wallets named in `window.__paylinkTestWalletConfig`.
 */
import { installBitcoinTestWallet } from './bitcoin.js'
import { installEvmTestWallet, type EvmTestWalletConfig } from './evm.js'
import { installSolanaTestWallet } from './solana.js'

export { installEvmTestWallet, type EvmTestWalletConfig, type EvmTestWalletHandle } from './evm.js'
export { installSolanaTestWallet } from './solana.js'
export { installBitcoinTestWallet } from './bitcoin.js'

export type PaylinkTestWalletConfig = { evm?: EvmTestWalletConfig; solana?: unknown; bitcoin?: unknown }

declare global {
  interface Window {
    __paylinkTestWalletConfig?: PaylinkTestWalletConfig
  }
}

/** Installs each configured wallet; one failing to install does not stop the others. */
export function installTestWallets(config: PaylinkTestWalletConfig): void {
  const installers = [
    ['EVM', () => config.evm && installEvmTestWallet(config.evm)],
    ['Solana', () => config.solana && installSolanaTestWallet(config.solana)],
    ['Bitcoin', () => config.bitcoin && installBitcoinTestWallet(config.bitcoin)],
  ] as const
  for (const [name, install] of installers) {
    try {
      install()
    } catch (error) {
      console.error(`Paylink test wallets: the ${name} wallet did not install`, error)
    }
  }
}

const config = (globalThis as { window?: Window }).window?.__paylinkTestWalletConfig
if (config) installTestWallets(config)
