/**
 * Paylink test Solana wallet (browser code, TEST ONLY: the key comes from the test config).
 *
 * Registers a Wallet Standard wallet named 'Paylink Test Solana' through the Wallet Standard
 * event protocol (dispatches `wallet-standard:register-wallet` and answers
 * `wallet-standard:app-ready`), with the features AppKit's Solana adapter (1.7.9) uses:
 * standard:connect, standard:disconnect, standard:events, solana:signMessage,
 * solana:signTransaction and solana:signAndSendTransaction (which posts the signed transaction
 * to `config.rpcUrl`). Keys: ed25519 from a 32-byte seed via @noble/curves.
 *
 * No Node APIs here: this file is bundled for the browser (Playwright `addInitScript`).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64, hex } from '@scure/base'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardConnectInput,
  StandardConnectOutput,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
  StandardEventsNames,
} from '@wallet-standard/features'

export const SOLANA_TEST_WALLET_NAME = 'Paylink Test Solana'

export type SolanaTestWalletConfig = {
  /** JSON-RPC endpoint signAndSendTransaction posts to (the litesvm fixture in tests). */
  rpcUrl: string
  /** CAIP-2 chain ids, e.g. ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'] (AppKit solanaDevnet). */
  chains: string[]
  /** 32-byte ed25519 seed, hex. */
  secretKeySeedHex: string
}

export type SolanaTestWalletRequest = {
  method: string
  params: Record<string, unknown>
  at: number
  outcome: 'ok' | 'refused' | 'error'
  error?: string
}

export type SolanaTestWalletHandle = {
  /** base58 public key */
  address: string
  /** The next user-facing request (connect, signMessage, signTransaction, signAndSend) is rejected. */
  refuseNext(): void
  /** Every request the wallet received, oldest first. */
  requests: SolanaTestWalletRequest[]
}

type TestWalletsGlobal = { solana?: SolanaTestWalletHandle; [key: string]: unknown }

/** The Solana clusters AppKit 1.7.8 knows (@reown/appkit/networks) and their wallet-standard names. */
const KNOWN_CHAINS: Record<string, string> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#14F195"/>' +
  '<text x="48" y="62" font-family="sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="#0b0b0f">PT</text></svg>'

export class UserRejectedError extends Error {
  readonly code = 4001
  constructor() {
    super('User rejected the request.')
    this.name = 'UserRejectedError'
  }
}

function readCompactU16(bytes: Uint8Array, offset: number): [value: number, size: number] {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size]
    if (byte === undefined) throw new Error('Invalid transaction: truncated length')
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return [value, size + 1]
  }
  throw new Error('Invalid transaction: bad compact-u16')
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}

/**
 * Signs a wire-format transaction (legacy or v0) with `secretKey` in the slot of `publicKey`.
 * Wire format: compact-u16 signature count, 64-byte signatures, message. The message starts
 * with an optional version byte (high bit set), then the header (numRequiredSignatures, ...),
 * then compact-u16 account count and the 32-byte static keys; signers come first.
 */
export function signWireTransaction(wire: Uint8Array, secretKey: Uint8Array, publicKey: Uint8Array): { signed: Uint8Array; signature: Uint8Array; feePayerSignature: Uint8Array } {
  const [sigCount, sigLenSize] = readCompactU16(wire, 0)
  const messageOffset = sigLenSize + sigCount * 64
  const message = wire.subarray(messageOffset)
  let cursor = 0
  if ((message[0]! & 0x80) !== 0) cursor += 1 // versioned message prefix
  const numRequiredSignatures = message[cursor]
  if (numRequiredSignatures === undefined) throw new Error('Invalid transaction: no header')
  cursor += 3
  const [keyCount, keyLenSize] = readCompactU16(message, cursor)
  cursor += keyLenSize
  if (sigCount < numRequiredSignatures) throw new Error('Invalid transaction: too few signature slots')
  let index = -1
  for (let i = 0; i < Math.min(keyCount, numRequiredSignatures); i++) {
    if (bytesEqual(message.subarray(cursor + i * 32, cursor + (i + 1) * 32), publicKey)) {
      index = i
      break
    }
  }
  if (index < 0) throw new Error('Transaction does not require a signature from this wallet')
  const signature = ed25519.sign(message, secretKey)
  const signed = new Uint8Array(wire)
  signed.set(signature, sigLenSize + index * 64)
  const feePayerSignature = signed.slice(sigLenSize, sigLenSize + 64)
  return { signed, signature, feePayerSignature }
}

export function parseSolanaTestWalletConfig(config: unknown): SolanaTestWalletConfig {
  if (!config || typeof config !== 'object') throw new TypeError('Solana test wallet: config object required')
  const { rpcUrl, chains, secretKeySeedHex } = config as Record<string, unknown>
  if (typeof rpcUrl !== 'string' || !/^https?:\/\//.test(rpcUrl)) {
    throw new TypeError('Solana test wallet: rpcUrl must be an http(s) URL')
  }
  if (!Array.isArray(chains) || chains.length === 0 || !chains.every((c) => typeof c === 'string' && /^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(c))) {
    throw new TypeError("Solana test wallet: chains must be CAIP-2 ids like 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'")
  }
  if (typeof secretKeySeedHex !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(secretKeySeedHex)) {
    throw new TypeError('Solana test wallet: secretKeySeedHex must be 32 bytes of hex')
  }
  return { rpcUrl, chains: chains as string[], secretKeySeedHex }
}

/** Public key (base58) for a seed, for tests and fixtures that need the address up front. */
export function solanaTestAddress(secretKeySeedHex: string): string {
  return base58.encode(ed25519.getPublicKey(seedBytes(secretKeySeedHex)))
}

/** The seed's bytes: hex, with or without 0x. */
function seedBytes(seedHex: string): Uint8Array {
  return hex.decode(seedHex.replace(/^0x/, ''))
}

export function installSolanaTestWallet(config: unknown): SolanaTestWalletHandle {
  const cfg = parseSolanaTestWalletConfig(config)
  const win = globalThis.window as unknown as Window & { __testWallets?: TestWalletsGlobal }
  if (!win || typeof win.addEventListener !== 'function') {
    throw new Error('Solana test wallet: needs a window')
  }
  const testWallets: TestWalletsGlobal = (win.__testWallets ??= {})
  if (testWallets.solana) return testWallets.solana

  const secretKey = seedBytes(cfg.secretKeySeedHex)
  const publicKey = ed25519.getPublicKey(secretKey)
  const address = base58.encode(publicKey)

  const chainSet = new Set<string>()
  for (const chain of cfg.chains) {
    chainSet.add(chain)
    const alias = KNOWN_CHAINS[chain]
    if (alias) chainSet.add(alias) // AppKit passes 'solana:devnet' style names when signing
  }
  const chains = [...chainSet] as IdentifierString[]

  const icon = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as WalletIcon
  const account: WalletAccount = Object.freeze({
    address,
    publicKey: publicKey.slice(),
    chains,
    features: ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage'] as IdentifierString[],
    label: SOLANA_TEST_WALLET_NAME,
    icon,
  })

  let accounts: readonly WalletAccount[] = []
  let refuse = false
  const requests: SolanaTestWalletRequest[] = []
  const listeners: { [E in StandardEventsNames]?: StandardEventsListeners[E][] } = {}

  function emitChange() {
    for (const listener of listeners.change ?? []) listener({ accounts })
  }

  async function handle<T>(method: string, params: Record<string, unknown>, prompt: boolean, run: () => T | Promise<T>): Promise<T> {
    const entry: SolanaTestWalletRequest = { method, params, at: Date.now(), outcome: 'ok' }
    requests.push(entry)
    if (prompt && refuse) {
      refuse = false
      entry.outcome = 'refused'
      throw new UserRejectedError()
    }
    try {
      return await run()
    } catch (e) {
      entry.outcome = 'error'
      entry.error = (e as Error).message
      throw e
    }
  }

  function checkAccount(input: { account: WalletAccount }) {
    if (input.account?.address !== address) throw new Error(`Unknown account ${input.account?.address}`)
    if (!accounts.length) throw new Error('Wallet not connected')
  }

  function checkChain(chain: string | undefined) {
    if (chain !== undefined && !chainSet.has(chain)) throw new Error(`Unsupported chain ${chain}`)
  }

  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const res = await fetch(cfg.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params }),
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
    return body.result
  }

  const connect: StandardConnectFeature['standard:connect']['connect'] = (input?: StandardConnectInput): Promise<StandardConnectOutput> =>
    handle('standard:connect', { silent: input?.silent === true }, input?.silent !== true, () => {
      if (input?.silent && !accounts.length) return { accounts }
      if (!accounts.length) {
        accounts = [account]
        emitChange()
      }
      return { accounts }
    })

  const disconnect = () =>
    handle('standard:disconnect', {}, false, () => {
      if (accounts.length) {
        accounts = []
        emitChange()
      }
    })

  const on: StandardEventsFeature['standard:events']['on'] = (event, listener) => {
    const list = (listeners[event] ??= []) as StandardEventsListeners[typeof event][]
    list.push(listener)
    return () => {
      listeners[event] = list.filter((l) => l !== listener)
    }
  }

  const signMessage = async (...inputs: readonly SolanaSignMessageInput[]) => {
    const out: SolanaSignMessageOutput[] = []
    for (const input of inputs) {
      out.push(
        await handle('solana:signMessage', { message: new TextDecoder().decode(input.message), messageBase64: base64.encode(new Uint8Array(input.message)) }, true, () => {
          checkAccount(input)
          const message = new Uint8Array(input.message)
          return { signedMessage: message, signature: ed25519.sign(message, secretKey), signatureType: 'ed25519' as const }
        }),
      )
    }
    return out
  }

  const signTransaction = async (...inputs: readonly SolanaSignTransactionInput[]) => {
    const out: SolanaSignTransactionOutput[] = []
    for (const input of inputs) {
      out.push(
        await handle('solana:signTransaction', { chain: input.chain, transaction: base64.encode(new Uint8Array(input.transaction)) }, true, () => {
          checkAccount(input)
          checkChain(input.chain)
          const { signed } = signWireTransaction(new Uint8Array(input.transaction), secretKey, publicKey)
          return { signedTransaction: signed }
        }),
      )
    }
    return out
  }

  const signAndSendTransaction = async (...inputs: readonly SolanaSignAndSendTransactionInput[]) => {
    const out: SolanaSignAndSendTransactionOutput[] = []
    for (const input of inputs) {
      out.push(
        await handle(
          'solana:signAndSendTransaction',
          {
            chain: input.chain,
            transaction: base64.encode(new Uint8Array(input.transaction)),
            options: input.options ?? {},
          },
          true,
          async () => {
            checkAccount(input)
            checkChain(input.chain)
            const { signed, feePayerSignature } = signWireTransaction(new Uint8Array(input.transaction), secretKey, publicKey)
            const options = input.options ?? {}
            const signature = await rpc('sendTransaction', [
              base64.encode(signed),
              {
                encoding: 'base64',
                skipPreflight: options.skipPreflight ?? false,
                preflightCommitment: options.preflightCommitment ?? options.commitment ?? 'confirmed',
                ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
                ...(options.minContextSlot === undefined ? {} : { minContextSlot: options.minContextSlot }),
              },
            ])
            if (signature !== base58.encode(feePayerSignature)) {
              throw new Error(`RPC returned an unexpected signature ${String(signature)}`)
            }
            return { signature: feePayerSignature }
          },
        ),
      )
    }
    return out
  }

  const features: StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature = {
    'standard:connect': { version: '1.0.0', connect },
    'standard:disconnect': { version: '1.0.0', disconnect },
    'standard:events': { version: '1.0.0', on },
    'solana:signMessage': { version: '1.0.0', signMessage },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction,
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction,
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: SOLANA_TEST_WALLET_NAME,
    icon,
    chains,
    features,
    get accounts() {
      return accounts
    },
  }

  // Wallet Standard registration protocol: announce now, and answer apps that start later.
  type AppApi = { register(...wallets: Wallet[]): unknown }
  const callback = (api: AppApi) => {
    api.register(wallet)
  }
  win.addEventListener('wallet-standard:app-ready', (event: Event) => {
    callback((event as CustomEvent<AppApi>).detail)
  })
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))

  const handle_: SolanaTestWalletHandle = {
    address,
    refuseNext() {
      refuse = true
    },
    requests,
  }
  testWallets.solana = handle_
  return handle_
}
