// What the TEST wallets (packages/devnet/src/test-wallets) put on `window`, for specs that pull
// their levers inside `page.evaluate`: `(window as unknown as TestWindow).__testWallets.evm...`.
// A cast, not a global `interface Window` augmentation: devnet's own sources, compiled in the
// same program, type these properties differently (optional, filled in as each wallet installs).
import type { BitcoinTestWalletHandle } from '@paylink/devnet/test-wallets/bitcoin'
import type { EvmTestWalletHandle } from '@paylink/devnet/test-wallets/evm'

export type TestWindow = Window & {
  __testWallets: { evm: EvmTestWalletHandle; bitcoin: BitcoinTestWalletHandle }
  /** The Bitcoin test wallet's sats-connect provider; specs may replace `request` to inject failures. */
  PaylinkTestBitcoin: { BitcoinProvider: { request: (method: string, params?: unknown) => Promise<unknown> } }
}
