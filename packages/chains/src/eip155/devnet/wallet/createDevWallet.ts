import { getAddress } from 'viem'

import {
  ProviderRpcError,
  chainDisconnected,
  internalError,
  invalidParams,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
} from './errors.js'
import { createExecutionPermissions } from './executionPermissions.js'
import type {
  DevWalletChain,
  DevWalletEventMap,
  DevWalletProvider,
  DevWalletRequestArguments,
  DevWalletStorage,
} from './types.js'
import { defaultDevWalletStorage } from './defaultDevWalletStorage.js'

type Address = `0x${string}`
type Hex = `0x${string}`

export type CreateDevWalletParameters = {
  chains: Array<DevWalletChain>
  /** Where the connection is remembered. Defaults to 'paylink.devWallet'. */
  storageKey?: string
  /** Defaults to `localStorage` (or memory where there is none). */
  storage?: DevWalletStorage
}

/** The provider plus the levers a wallet's own UI (or a test) pulls. */
export type DevWallet = {
  provider: DevWalletProvider
  /** The wallet moves itself to `chainId` (even one it has no RPC for) and tells the page. */
  setChain(chainId: number): void
  /** The wallet drops the site: `accountsChanged []`, then `disconnect`. */
  disconnect(): void
  readonly chainId: number
  readonly connected: boolean
}

type PersistedState = { connected: boolean; chainId: number; account: Address | null; addedChains: DevWalletChain[] }

// Methods a real wallet only performs for a connected site, on the connected account.
export const ACCOUNT_METHODS: ReadonlySet<string> = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
])

const toHex = (n: number): Hex => `0x${n.toString(16)}`

/**
 * The Paylink Dev Wallet: an EIP-1193 provider over the devnet's unlocked anvil accounts.
 * Reads and signing requests go to the current chain's RPC as they are (anvil signs for its
 * unlocked accounts); connection, chain selection and permissions are kept here, in storage,
 * so a reload reconnects.
 */
export function createDevWallet({
  chains,
  storageKey = 'paylink.devWallet',
  storage = defaultDevWalletStorage(),
}: CreateDevWalletParameters): DevWallet {
  if (chains.length === 0) throw new Error('createDevWallet: at least one chain is required')
  const configured = new Map(chains.map((chain) => [chain.chainId, { ...chain }]))
  const saved = load(storage, storageKey)

  const state: PersistedState = {
    connected: saved?.connected ?? false,
    account: saved?.account ?? null,
    addedChains: (saved?.addedChains ?? []).filter((chain) => !configured.has(chain.chainId)),
    chainId: chains[0]!.chainId,
  }
  const knownChain = (chainId: number) =>
    configured.get(chainId) ?? state.addedChains.find((c) => c.chainId === chainId)
  if (saved && knownChain(saved.chainId)) state.chainId = saved.chainId
  const save = () => storage.setItem(storageKey, JSON.stringify(state))

  const listeners = new Map<keyof DevWalletEventMap, Set<(...args: never[]) => void>>()
  function emit<E extends keyof DevWalletEventMap>(event: E, ...args: Parameters<DevWalletEventMap[E]>) {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (...a: unknown[]) => void)(...args)
      } catch (error) {
        console.error(`Paylink Dev Wallet: a ${event} listener threw`, error)
      }
    }
  }

  let nextId = 1
  async function rpc(chainId: number, method: string, params: unknown): Promise<unknown> {
    const chain = knownChain(chainId)
    if (!chain) throw chainDisconnected(chainId)
    let response: Response
    try {
      response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      })
    } catch (error) {
      throw internalError(`Cannot reach ${chain.name} at ${chain.rpcUrl}.`, { cause: String(error) })
    }
    const body = (await response.json().catch(() => null)) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    } | null
    if (!body) throw internalError(`${chain.name} answered HTTP ${response.status} without a JSON-RPC body.`)
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  // The account is the first one the chain's node lists (anvil's unlocked dev accounts).
  async function accountOn(chainId: number): Promise<Address> {
    const accounts = (await rpc(chainId, 'eth_accounts', [])) as Address[]
    const account = accounts?.[0]
    if (!account) throw unauthorized(`Chain ${chainId} lists no account the wallet can use.`)
    return getAddress(account)
  }

  async function connect(): Promise<Address> {
    const account = await accountOn(state.chainId)
    const wasConnected = state.connected
    const changed = state.account?.toLowerCase() !== account.toLowerCase()
    state.connected = true
    state.account = account
    save()
    if (!wasConnected) emit('connect', { chainId: toHex(state.chainId) })
    if (!wasConnected || changed) emit('accountsChanged', [account])
    return account
  }

  function disconnectSite() {
    const wasConnected = state.connected
    state.connected = false
    save()
    if (wasConnected) emit('accountsChanged', [])
  }

  async function switchTo(chainId: number) {
    if (chainId === state.chainId) return
    state.chainId = chainId
    save()
    emit('chainChanged', toHex(chainId))
    if (state.connected && knownChain(chainId)) {
      // Another node may list other accounts; follow it like a wallet following its network.
      const account = await accountOn(chainId).catch(() => null)
      if (account && account.toLowerCase() !== state.account?.toLowerCase()) {
        state.account = account
        save()
        emit('accountsChanged', [account])
      }
    }
  }

  function permissions(): unknown[] {
    if (!state.connected || !state.account) return []
    return [
      {
        parentCapability: 'eth_accounts',
        invoker: globalThis.location?.origin ?? 'paylink-dev-wallet',
        caveats: [{ type: 'restrictReturnedAccounts', value: [state.account] }],
        date: Date.now(),
      },
    ]
  }

  const executionPermissions = createExecutionPermissions(
    () => toHex(state.chainId),
    () => state.account ?? '',
  )

  async function request({ method, params }: DevWalletRequestArguments): Promise<unknown> {
    const list = Array.isArray(params) ? (params as unknown[]) : []
    switch (method) {
      case 'eth_chainId':
        return toHex(state.chainId)
      case 'net_version':
        return String(state.chainId)
      case 'eth_accounts':
        if (!state.connected) return []
        return [state.account ?? (await connect())]
      case 'eth_requestAccounts':
        return [await connect()]
      case 'wallet_requestPermissions':
        await connect()
        return permissions()
      case 'wallet_getPermissions':
        return permissions()
      case 'wallet_grantPermissions':
        if (!state.connected) throw unauthorized()
        return executionPermissions.grant(params)
      case 'wallet_revokePermissions':
        // AppKit revokes an ERC-7715 grant by its context ({ pci }); EIP-2255's form ([{ eth_accounts: {} }]) drops the site.
        if (!Array.isArray(params)) return executionPermissions.revoke(params)
        disconnectSite()
        return null
      case 'wallet_switchEthereumChain': {
        const chainId = parseChainId((list[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!knownChain(chainId)) throw unrecognizedChain(toHex(chainId))
        await switchTo(chainId)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = parseAddChain(list[0])
        if (!configured.has(chain.chainId)) {
          state.addedChains = [...state.addedChains.filter((c) => c.chainId !== chain.chainId), chain]
          save()
        }
        // Like MetaMask after the user approves: the added chain becomes the current one
        // (wagmi's switchChain checks eth_chainId right after adding).
        await switchTo(chain.chainId)
        return null
      }
      case 'wallet_watchAsset':
        return true
    }
    if (method.startsWith('wallet_')) throw unsupportedMethod(method)
    if (ACCOUNT_METHODS.has(method)) return rpc(state.chainId, method, await checkAccount(method, list))
    return rpc(state.chainId, method, params)
  }

  // Signing for an account the site was not given is refused, as a real wallet would.
  async function checkAccount(method: string, params: unknown[]): Promise<unknown[]> {
    if (!state.connected || !state.account) throw unauthorized()
    const account = state.account.toLowerCase()
    const same = (value: unknown) => typeof value === 'string' && value.toLowerCase() === account
    if (method === 'eth_sendTransaction' || method === 'eth_signTransaction') {
      const tx = { ...(params[0] as Record<string, unknown> | undefined) }
      if (tx.from === undefined) tx.from = state.account
      else if (!same(tx.from))
        throw unauthorized(`The wallet is connected with ${state.account}, not ${JSON.stringify(tx.from)}.`)
      return [tx, ...params.slice(1)]
    }
    const address = method === 'personal_sign' ? params[1] : params[0]
    if (!same(address)) throw unauthorized(`The wallet is connected with ${state.account}, not ${String(address)}.`)
    return params
  }

  const provider: DevWalletProvider = {
    isPaylinkDevWallet: true,
    request,
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }

  return {
    provider,
    setChain(chainId) {
      void switchTo(chainId)
    },
    disconnect() {
      disconnectSite()
      emit('disconnect', { code: 4900, message: 'The wallet disconnected.' })
    },
    get chainId() {
      return state.chainId
    },
    get connected() {
      return state.connected
    },
  }
}

function parseChainId(value: unknown): number {
  if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) return Number.parseInt(value, 16)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  throw invalidParams(`Expected a hex chainId, got ${JSON.stringify(value)}.`)
}

function parseAddChain(value: unknown): DevWalletChain {
  const input = (value ?? {}) as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown }
  const chainId = parseChainId(input.chainId)
  const rpcUrl = Array.isArray(input.rpcUrls)
    ? input.rpcUrls.find((url) => typeof url === 'string' && url.length > 0)
    : undefined
  if (typeof rpcUrl !== 'string') throw invalidParams('wallet_addEthereumChain needs at least one rpcUrls entry.')
  return { chainId, name: typeof input.chainName === 'string' ? input.chainName : `Chain ${chainId}`, rpcUrl }
}

function load(storage: DevWalletStorage, key: string): PersistedState | null {
  try {
    const raw = storage.getItem(key)
    if (!raw) return null
    const value = JSON.parse(raw) as Partial<PersistedState>
    return {
      connected: value.connected === true,
      chainId: typeof value.chainId === 'number' ? value.chainId : 0,
      account: typeof value.account === 'string' ? value.account : null,
      addedChains: Array.isArray(value.addedChains) ? value.addedChains : [],
    }
  } catch {
    return null
  }
}
