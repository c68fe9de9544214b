/**
 * TEST WALLET - for Playwright only, never shown to demo users.
 *
 * The Paylink Dev Wallet with levers a spec can pull from `page.evaluate` through
 * `window.__testWallets.evm`: refuse the next prompt, fail or hold the next network switch,
 * move the wallet to another chain, or drop the connection from the wallet side.
 */
import { announceDevWallet, svgDataUri } from '../wallet/announceDevWallet.js'
import {
  ACCOUNT_METHODS,
  createDevWallet,
  ProviderRpcError,
  userRejected,
  type DevWalletChain,
  type DevWalletProvider,
  type DevWalletRequestArguments,
} from '@paylink/chains/eip155/devnet/wallet'

export const EVM_TEST_WALLET_NAME = 'Paylink Test Wallet'
export const EVM_TEST_WALLET_RDNS = 'dev.paylink.testwallet'

export type EvmTestWalletConfig = {
  chains: Array<DevWalletChain>
  /** Name announced over EIP-6963. Defaults to 'Paylink Test Wallet'. */
  name?: string
}

export type EvmTestWalletRequest = { method: string; params: unknown }

export type EvmTestWalletHandle = {
  provider: DevWalletProvider
  /**
   * The next request for `method` fails with 4001 'User rejected the request.'. Without a
   * method: the next request that would prompt the user (connect, sign, send, switch, add),
   * never a background read.
   */
  refuseNext(method?: string): void
  /** The next wallet_switchEthereumChain fails with `code`; with `addFails`, so does the wallet_addEthereumChain after it (4001). */
  failSwitchWith(code: number, opts?: { addFails?: boolean }): void
  /** The next wallet_switchEthereumChain stays pending until releaseSwitch(). */
  holdNextSwitch(): void
  /** Lets held switches go on (or refuses them with 4001 when `refuse`). */
  releaseSwitch(opts?: { refuse?: boolean }): void
  /** The wallet moves itself, even to a chain it has no RPC for: chainChanged, then eth_chainId answers it. */
  walletSwitchChain(chainId: number): void
  /** The wallet drops the site: accountsChanged [] and disconnect. */
  walletDisconnect(): void
  /** Every request the page made, in order. */
  requests: Array<EvmTestWalletRequest>
}

// Requests a real wallet would show the user, so refuseNext() without a method targets one.
const PROMPTS = new Set([
  ...ACCOUNT_METHODS,
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_sendCalls',
])

const ICON = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#b45309"/>' +
    '<path d="M18 18h28M32 18v30" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/></svg>',
)

type TestWalletsGlobal = { evm?: EvmTestWalletHandle; [key: string]: unknown }

function switchErrorMessage(code: number): string {
  if (code === 4001) return 'User rejected the request.'
  if (code === 4902) return 'Unrecognized chain ID. Try adding the chain using wallet_addEthereumChain first.'
  return `The wallet could not switch networks (test failure ${code}).`
}

export function installEvmTestWallet(config: EvmTestWalletConfig): EvmTestWalletHandle {
  if (!config || !Array.isArray(config.chains) || config.chains.length === 0) {
    throw new Error('EVM test wallet: config.chains must list at least one { chainId, name, rpcUrl }')
  }
  const win = globalThis.window as unknown as (EventTarget & { __testWallets?: TestWalletsGlobal }) | undefined
  if (!win || typeof win.addEventListener !== 'function') throw new Error('EVM test wallet: needs a window')
  const testWallets: TestWalletsGlobal = (win.__testWallets ??= {})
  if (testWallets.evm) return testWallets.evm

  const wallet = createDevWallet({ chains: config.chains, storageKey: 'paylink.testWallet.evm' })
  const inner = wallet.provider

  const requests: EvmTestWalletRequest[] = []
  const refusals: Array<string | undefined> = []
  let switchFailure: { code: number; addFails: boolean } | undefined
  let addFailsNext = false
  let holdNext = false
  let held: Array<{ resolve(): void; reject(error: unknown): void }> = []

  async function request(args: DevWalletRequestArguments): Promise<unknown> {
    const { method, params } = args
    requests.push({ method, params })

    const refusal = refusals.findIndex((m) => (m === undefined ? PROMPTS.has(method) : m === method))
    if (refusal >= 0) {
      refusals.splice(refusal, 1)
      throw userRejected()
    }
    if (method === 'wallet_switchEthereumChain') {
      if (switchFailure) {
        const { code, addFails } = switchFailure
        switchFailure = undefined
        addFailsNext = addFails
        throw new ProviderRpcError(code, switchErrorMessage(code))
      }
      if (holdNext) {
        holdNext = false
        await new Promise<void>((resolve, reject) => held.push({ resolve, reject }))
      }
    }
    if (method === 'wallet_addEthereumChain' && addFailsNext) {
      addFailsNext = false
      throw userRejected()
    }
    return inner.request(args)
  }

  const provider: DevWalletProvider = {
    isPaylinkDevWallet: true,
    request,
    on(event, listener) {
      inner.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      inner.removeListener(event, listener)
      return provider
    },
  }

  const handle: EvmTestWalletHandle = {
    provider,
    requests,
    refuseNext(method) {
      refusals.push(method)
    },
    failSwitchWith(code, opts = {}) {
      switchFailure = { code, addFails: opts.addFails === true }
    },
    holdNextSwitch() {
      holdNext = true
    },
    releaseSwitch(opts = {}) {
      holdNext = false
      const waiting = held
      held = []
      for (const { resolve, reject } of waiting) {
        if (opts.refuse) reject(userRejected())
        else resolve()
      }
    },
    walletSwitchChain(chainId) {
      wallet.setChain(chainId)
    },
    walletDisconnect() {
      wallet.disconnect()
    },
  }
  testWallets.evm = handle
  announceDevWallet(provider, { name: config.name ?? EVM_TEST_WALLET_NAME, rdns: EVM_TEST_WALLET_RDNS, icon: ICON })
  return handle
}
