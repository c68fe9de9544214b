/**
 * Paylink test Bitcoin wallet (browser code, TEST ONLY: the seed comes from the test config).
 *
 * Reown AppKit 1.7.8's Bitcoin adapter finds sats-connect wallets by reading
 * `window.btc_providers` ONCE, when createAppKit runs (`SatsConnectConnector.getWallets` ->
 * sats-connect `getProviders()`), so this must be installed before the app loads (Playwright
 * `addInitScript`). For each entry it resolves the provider object from the entry's `id`, a
 * dotted path into `window` (sats-connect `getProviderById`): here
 * `window.PaylinkTestBitcoin.BitcoinProvider`. The connector then calls
 * `provider.request(method, params)` and expects a JSON-RPC envelope back:
 * `{ jsonrpc: '2.0', id, result }` or `{ jsonrpc: '2.0', id, error: { code, message } }`.
 *
 * What the 1.7.8 connector calls and how this wallet answers:
 * - `getAddresses { purposes: ['payment','ordinals','stacks'], message }` (connect, and
 *   `getAccounts` after connect) -> `{ addresses: [payment P2WPKH, ordinals P2TR], network }`.
 *   Payment comes first: the connector takes `addresses[0]` as the connected address; the
 *   adapter maps purposes to AppKit's 'payment' / 'ordinal' accounts. No stacks address.
 * - `wallet_connect { network }` (only if getAddresses fails) -> `{ id, addresses, walletType, network }`.
 * - `wallet_disconnect null` -> `null`.
 * - `signMessage { address, message, protocol? }` (protocol upper-cased; AppKit passes none)
 *   -> `{ signature (base64), messageHash, address, protocol }`: BIP-322 simple by default and
 *   always for P2TR; 'ECDSA' for the payment address gives a BIP-137 signature.
 * - `sendTransfer { recipients: [{ address, amount }] }` -> `{ txid }`. THERE IS NO CHAIN: the
 *   transfer is recorded in `requests` (with `broadcast: false`) and the txid is synthetic.
 * - `signPsbt` -> error -32001 (not supported by this test wallet).
 * - `wallet_changeNetwork { name }` -> switches between Mainnet and Testnet/Testnet4 addresses.
 * - also `getInfo`, `getAccounts`, `wallet_getAccount`, `wallet_getNetwork`,
 *   `wallet_requestPermissions`, `wallet_renouncePermissions`; `addListener` (no events are
 *   emitted on their own).
 *
 * Keys (wallet/bitcoinAccount.ts, shared with the Dev Wallet): BIP-32 from `seedHex`; payment m/84'/c'/0'/0/0 (P2WPKH), ordinals
 * m/86'/c'/0'/0/0 (P2TR, BIP-86 key-path), c = 0 mainnet, 1 testnet. Addresses, the taproot
 * tweak, transactions and sighashes come from @scure/btc-signer, codecs from @scure/base: no
 * Buffer, no bitcoinjs-lib, so the file bundles for the browser as-is.
 */
import { sha256 } from '@noble/hashes/sha2'
import { hex } from '@scure/base'
import { sha256x2 } from '@scure/btc-signer/utils'
import {
  addressEntry,
  answerConnection,
  answerSignMessage,
  notAConnectionRequest,
  type ConnectingWallet,
  deriveBitcoinAccount,
  objectOf,
  publicAddress,
  RPC,
  RpcFailure,
  type BitcoinAccountKeys as Keys,
  type DerivedAddress,
} from '@paylink/chains/bip122/devnet/wallet'
import { putSatsConnectProvider } from '../wallet/putSatsConnectProvider.js'

export type { DerivedAddress } from '@paylink/chains/bip122/devnet/wallet'

export const BITCOIN_TEST_WALLET_NAME = 'Paylink Test Bitcoin'
/** Dotted path into `window` where the provider lives (sats-connect `Provider.id`). */
export const BITCOIN_TEST_PROVIDER_ID = 'PaylinkTestBitcoin.BitcoinProvider'

export type BitcoinTestWalletConfig = {
  network: 'mainnet' | 'testnet'
  /** BIP-32 seed, 16-64 bytes of hex. */
  seedHex: string
}

export type BitcoinTestWalletRequest = {
  method: string
  params: unknown
  at: number
  outcome: 'ok' | 'refused' | 'error'
  error?: string
  /** sendTransfer only: nothing is ever broadcast. */
  broadcast?: false
  txid?: string
}

export type BitcoinTestWalletHandle = {
  paymentAddress: string
  ordinalsAddress: string
  /** The next prompt (connect, signMessage, sendTransfer, signPsbt, changeNetwork) is refused. */
  refuseNext(): void
  requests: BitcoinTestWalletRequest[]
}

type TestWalletsGlobal = { bitcoin?: BitcoinTestWalletHandle; [key: string]: unknown }
type RpcResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }

const enc = new TextEncoder()

// Keys and signatures: the account core shared with the Dev Wallet (wallet/bitcoinAccount.ts).
const deriveKeys = (seedHex: string, network: 'mainnet' | 'testnet'): Keys =>
  deriveBitcoinAccount(hex.decode(seedHex.replace(/^0x/, '')), network)

/** The wallet's addresses for a seed and network (for fixtures and tests). */
export function deriveBitcoinTestAddresses(
  seedHex: string,
  network: 'mainnet' | 'testnet',
): { payment: DerivedAddress; ordinals: DerivedAddress } {
  const { payment, ordinals } = deriveKeys(seedHex, network)
  return { payment: publicAddress(payment), ordinals: publicAddress(ordinals) }
}

// -- config ---------------------------------------------------------------------------------
export function parseBitcoinTestWalletConfig(config: unknown): BitcoinTestWalletConfig {
  if (!config || typeof config !== 'object') throw new TypeError('Bitcoin test wallet: config object required')
  const { network, seedHex } = config as Record<string, unknown>
  if (network !== 'mainnet' && network !== 'testnet') {
    throw new TypeError("Bitcoin test wallet: network must be 'mainnet' or 'testnet'")
  }
  if (typeof seedHex !== 'string' || !/^(0x)?([0-9a-fA-F]{2}){16,64}$/.test(seedHex)) {
    throw new TypeError('Bitcoin test wallet: seedHex must be 16-64 bytes of hex')
  }
  return { network, seedHex }
}

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#F7931A"/>' +
  '<text x="48" y="62" font-family="sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="#fff">PT</text></svg>'

const SUPPORTED_METHODS = [
  'getInfo',
  'getAddresses',
  'getAccounts',
  'signMessage',
  'sendTransfer',
  'wallet_connect',
  'wallet_disconnect',
  'wallet_getAccount',
  'wallet_getNetwork',
  'wallet_changeNetwork',
  'wallet_requestPermissions',
  'wallet_renouncePermissions',
]

export function installBitcoinTestWallet(config: unknown): BitcoinTestWalletHandle {
  const cfg = parseBitcoinTestWalletConfig(config)
  const win = globalThis.window as unknown as Record<string, unknown> & {
    __testWallets?: TestWalletsGlobal
    btc_providers?: unknown[]
  }
  if (!win || typeof win !== 'object') throw new Error('Bitcoin test wallet: needs a window')
  const testWallets: TestWalletsGlobal = (win.__testWallets ??= {})
  if (testWallets.bitcoin) return testWallets.bitcoin

  let network = cfg.network
  let keys = deriveKeys(cfg.seedHex, network)
  let connected = false
  let refuse = false
  /** The connector falls back from a failed getAddresses to wallet_connect: refuse that too. */
  let refuseFallbackConnect = false
  let nextId = 1
  let transfers = 0
  const requests: BitcoinTestWalletRequest[] = []
  const listeners = new Map<string, Set<(event: unknown) => void>>()
  const walletId = hex.encode(sha256(enc.encode(`paylink-test-bitcoin:${cfg.seedHex}`))).slice(0, 32)

  const networkName = () => (network === 'mainnet' ? 'Mainnet' : 'Testnet4')
  const networkInfo = () => ({
    bitcoin: { name: networkName() },
    stacks: { name: network === 'mainnet' ? 'Mainnet' : 'Testnet' },
  })
  const addresses = () => [addressEntry(keys.payment), addressEntry(keys.ordinals)]
  const connection: ConnectingWallet = {
    methods: SUPPORTED_METHODS,
    addresses,
    network: networkInfo,
    setConnected: (on) => void (connected = on),
  }

  const rejected = () => new RpcFailure(RPC.USER_REJECTION, 'User rejected the request.')
  const requireConnected = () => {
    if (!connected) throw new RpcFailure(RPC.ACCESS_DENIED, 'Not connected: call getAddresses or wallet_connect first')
  }

  function isPrompt(method: string): boolean {
    switch (method) {
      case 'getAddresses':
      case 'getAccounts':
      case 'wallet_connect':
      case 'wallet_requestPermissions':
        return !connected
      case 'signMessage':
      case 'sendTransfer':
      case 'signPsbt':
      case 'wallet_changeNetwork':
        return true
      default:
        return false
    }
  }

  function run(method: string, p: unknown, entry: BitcoinTestWalletRequest): unknown {
    const answer = answerConnection(method, p, connection)
    if (answer !== notAConnectionRequest) return answer
    switch (method) {
      case 'wallet_connect': {
        const requested = objectOf(p).network
        if (
          requested !== undefined &&
          requested !== networkName() &&
          !(network === 'testnet' && requested === 'Testnet')
        ) {
          throw new RpcFailure(RPC.INVALID_PARAMS, `Wallet is on ${networkName()}, not ${JSON.stringify(requested)}`)
        }
        connected = true
        return { id: walletId, addresses: addresses(), walletType: 'software', network: networkInfo() }
      }
      case 'wallet_getAccount':
        requireConnected()
        return { id: walletId, addresses: addresses(), walletType: 'software', network: networkInfo() }
      case 'wallet_getNetwork':
        return networkInfo()
      case 'wallet_changeNetwork': {
        const name = objectOf(p).name
        const target =
          name === 'Mainnet' ? 'mainnet' : name === 'Testnet4' || name === 'Testnet' ? 'testnet' : undefined
        if (!target) throw new RpcFailure(RPC.INVALID_PARAMS, `Unsupported network ${String(name)}`)
        if (target !== network) {
          network = target
          keys = deriveKeys(cfg.seedHex, network)
          handle.paymentAddress = keys.payment.address
          handle.ordinalsAddress = keys.ordinals.address
        }
        return null
      }
      case 'signMessage':
        requireConnected()
        return answerSignMessage(p, keys)
      case 'sendTransfer': {
        requireConnected()
        const recipients = objectOf(p).recipients
        if (
          !Array.isArray(recipients) ||
          recipients.length === 0 ||
          !recipients.every(
            (r) =>
              r &&
              typeof r.address === 'string' &&
              r.address.length > 0 &&
              Number.isSafeInteger(r.amount) &&
              r.amount > 0,
          )
        ) {
          throw new RpcFailure(RPC.INVALID_PARAMS, 'recipients: [{ address, amount (integer satoshis > 0) }] required')
        }
        transfers += 1
        const txid = hex.encode(
          sha256x2(enc.encode(JSON.stringify({ from: keys.payment.address, recipients, n: transfers, walletId }))),
        )
        entry.broadcast = false
        entry.txid = txid
        return { txid }
      }
      case 'signPsbt':
        throw new RpcFailure(RPC.METHOD_NOT_SUPPORTED, 'signPsbt is not supported by the Paylink test wallet')
      default:
        throw new RpcFailure(RPC.METHOD_NOT_FOUND, `Method not found: ${method}`)
    }
  }

  async function request(method: string, p?: unknown): Promise<RpcResponse> {
    const id = String(nextId++)
    const entry: BitcoinTestWalletRequest = { method, params: p ?? null, at: Date.now(), outcome: 'ok' }
    requests.push(entry)
    const fallback = refuseFallbackConnect
    refuseFallbackConnect = false
    try {
      if ((isPrompt(method) && refuse) || (fallback && method === 'wallet_connect')) {
        if (!fallback || method !== 'wallet_connect') refuse = false
        refuseFallbackConnect = method === 'getAddresses'
        entry.outcome = 'refused'
        throw rejected()
      }
      return { jsonrpc: '2.0', id, result: run(method, p, entry) }
    } catch (e) {
      if (entry.outcome !== 'refused') {
        entry.outcome = 'error'
        entry.error = (e as Error).message
      }
      const code = e instanceof RpcFailure ? e.code : RPC.INTERNAL_ERROR
      return { jsonrpc: '2.0', id, error: { code, message: (e as Error).message } }
    }
  }

  function addListener(event: string, cb: (event: unknown) => void): () => void {
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(cb)
    return () => {
      set.delete(cb)
    }
  }

  const notSupported = (name: string) => () =>
    Promise.reject(new Error(`${name} (legacy sats-connect API) is not supported by the Paylink test wallet`))
  const provider = {
    request,
    addListener,
    connect: notSupported('connect'),
    signMessage: notSupported('signMessage'),
    signTransaction: notSupported('signTransaction'),
    sendBtcTransaction: notSupported('sendBtcTransaction'),
    createInscription: notSupported('createInscription'),
    createRepeatInscriptions: notSupported('createRepeatInscriptions'),
    signMultipleTransactions: notSupported('signMultipleTransactions'),
  }

  putSatsConnectProvider(
    win,
    {
      id: BITCOIN_TEST_PROVIDER_ID,
      name: BITCOIN_TEST_WALLET_NAME,
      icon: `data:image/svg+xml;base64,${btoa(ICON_SVG)}`,
      methods: SUPPORTED_METHODS,
    },
    provider,
  )

  const handle: BitcoinTestWalletHandle = {
    paymentAddress: keys.payment.address,
    ordinalsAddress: keys.ordinals.address,
    refuseNext() {
      refuse = true
    },
    requests,
  }
  testWallets.bitcoin = handle
  return handle
}
