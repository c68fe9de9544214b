/**
 * A Solana Wallet Standard wallet over one ed25519 key (browser code, no Node APIs): what the
 * demo's Dev Wallet and the E2E test wallet share. Features: standard:connect, standard:disconnect,
 * standard:events, solana:signMessage, solana:signTransaction and solana:signAndSendTransaction
 * (signs, then hands the wire transaction to `sendTransaction`).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
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

/** The Solana clusters AppKit knows (@reown/appkit/networks) and their Wallet Standard names. */
export const KNOWN_SOLANA_CHAINS: Readonly<Record<string, string>> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

export type SendOptions = SolanaSignAndSendTransactionInput['options']

/** Runs one request; a wallet UI (or a test) wraps it to refuse or record. `prompt`: the user would be asked. */
export type RequestGate = <T>(
  method: string,
  params: Record<string, unknown>,
  prompt: boolean,
  run: () => T | Promise<T>,
) => Promise<T>

export type CreateSolanaStandardWalletParameters = {
  name: string
  icon: WalletIcon
  /** CAIP-2 chain ids the wallet signs for; the Wallet Standard names of known clusters are added. */
  chains: readonly string[]
  /** 32-byte ed25519 seed. */
  secretKey: Uint8Array
  /** Posts a signed wire transaction to the chain's RPC; resolves to the signature (base58) the RPC answered. */
  sendTransaction(chain: string, signed: Uint8Array, options: SendOptions): Promise<string>
  gate?: RequestGate
  /** Remembers the connection (so a reload reconnects silently); default: memory only. */
  remember?: { load(): boolean; save(connected: boolean): void }
}

export type SolanaStandardWallet = {
  wallet: Wallet
  /** base58 public key */
  address: string
}

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
export function signWireTransaction(
  wire: Uint8Array,
  secretKey: Uint8Array,
  publicKey: Uint8Array,
): { signed: Uint8Array; signature: Uint8Array; feePayerSignature: Uint8Array } {
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

const runAsIs: RequestGate = async (_method, _params, _prompt, run) => run()

/** Builds the wallet; `registerStandardWallet` shows it to the page. */
export function createSolanaStandardWallet({
  name,
  icon,
  chains: given,
  secretKey,
  sendTransaction,
  gate = runAsIs,
  remember,
}: CreateSolanaStandardWalletParameters): SolanaStandardWallet {
  const publicKey = ed25519.getPublicKey(secretKey)
  const address = base58.encode(publicKey)

  const chainSet = new Set<string>()
  for (const chain of given) {
    chainSet.add(chain)
    const alias = KNOWN_SOLANA_CHAINS[chain]
    if (alias) chainSet.add(alias) // AppKit passes 'solana:devnet' style names when signing
  }
  const chains = [...chainSet] as IdentifierString[]

  const account: WalletAccount = Object.freeze({
    address,
    publicKey: publicKey.slice(),
    chains,
    features: ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage'] as IdentifierString[],
    label: name,
    icon,
  })

  let accounts: readonly WalletAccount[] = remember?.load() ? [account] : []
  const listeners: { [E in StandardEventsNames]?: StandardEventsListeners[E][] } = {}

  function setConnected(connected: boolean) {
    if (connected === accounts.length > 0) return
    accounts = connected ? [account] : []
    remember?.save(connected)
    for (const listener of listeners.change ?? []) listener({ accounts })
  }

  function checkAccount(input: { account: WalletAccount }) {
    if (input.account?.address !== address) throw new Error(`Unknown account ${input.account?.address}`)
    if (!accounts.length) throw new Error('Wallet not connected')
  }

  function checkChain(chain: string | undefined) {
    if (chain !== undefined && !chainSet.has(chain)) throw new Error(`Unsupported chain ${chain}`)
  }

  const connect: StandardConnectFeature['standard:connect']['connect'] = (
    input?: StandardConnectInput,
  ): Promise<StandardConnectOutput> =>
    gate('standard:connect', { silent: input?.silent === true }, input?.silent !== true, () => {
      if (!input?.silent) setConnected(true)
      return { accounts }
    })

  const disconnect = () => gate('standard:disconnect', {}, false, () => setConnected(false))

  const on: StandardEventsFeature['standard:events']['on'] = (event, listener) => {
    const list = (listeners[event] ??= []) as StandardEventsListeners[typeof event][]
    list.push(listener)
    return () => {
      listeners[event] = list.filter((l) => l !== listener)
    }
  }

  /** Puts each input of a signing request to the gate in turn (a prompt each); a refusal stops the rest. */
  async function eachInput<Input, Output>(
    method: string,
    inputs: readonly Input[],
    details: (input: Input) => Record<string, unknown>,
    answer: (input: Input) => Output | Promise<Output>,
  ): Promise<Output[]> {
    const out: Output[] = []
    for (const input of inputs) out.push(await gate(method, details(input), true, () => answer(input)))
    return out
  }

  const signMessage = (...inputs: readonly SolanaSignMessageInput[]): Promise<SolanaSignMessageOutput[]> =>
    eachInput(
      'solana:signMessage',
      inputs,
      (input) => ({
        message: new TextDecoder().decode(input.message),
        messageBase64: base64.encode(new Uint8Array(input.message)),
      }),
      (input) => {
        checkAccount(input)
        const message = new Uint8Array(input.message)
        return {
          signedMessage: message,
          signature: ed25519.sign(message, secretKey),
          signatureType: 'ed25519' as const,
        }
      },
    )

  const signTransaction = (...inputs: readonly SolanaSignTransactionInput[]): Promise<SolanaSignTransactionOutput[]> =>
    eachInput(
      'solana:signTransaction',
      inputs,
      (input) => ({ chain: input.chain, transaction: base64.encode(new Uint8Array(input.transaction)) }),
      (input) => {
        checkAccount(input)
        checkChain(input.chain)
        return {
          signedTransaction: signWireTransaction(new Uint8Array(input.transaction), secretKey, publicKey).signed,
        }
      },
    )

  const signAndSendTransaction = (
    ...inputs: readonly SolanaSignAndSendTransactionInput[]
  ): Promise<SolanaSignAndSendTransactionOutput[]> =>
    eachInput(
      'solana:signAndSendTransaction',
      inputs,
      (input) => ({
        chain: input.chain,
        transaction: base64.encode(new Uint8Array(input.transaction)),
        options: input.options ?? {},
      }),
      async (input) => {
        checkAccount(input)
        checkChain(input.chain)
        const { signed, feePayerSignature } = signWireTransaction(
          new Uint8Array(input.transaction),
          secretKey,
          publicKey,
        )
        const signature = await sendTransaction(input.chain, signed, input.options)
        if (signature !== base58.encode(feePayerSignature))
          throw new Error(`RPC returned an unexpected signature ${String(signature)}`)
        return { signature: feePayerSignature }
      },
    )

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
    'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction,
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name,
    icon,
    chains,
    features,
    get accounts() {
      return accounts
    },
  }
  return { wallet, address }
}

/**
 * The Wallet Standard registration protocol: announce now (`wallet-standard:register-wallet`)
 * and answer apps that start later (`wallet-standard:app-ready`).
 */
export function registerStandardWallet(wallet: Wallet): void {
  const win = globalThis.window as unknown as Window | undefined
  if (!win || typeof win.addEventListener !== 'function') throw new Error('registerStandardWallet: needs a window')
  type AppApi = { register(...wallets: Wallet[]): unknown }
  const callback = (api: AppApi) => {
    api.register(wallet)
  }
  win.addEventListener('wallet-standard:app-ready', (event: Event) => callback((event as CustomEvent<AppApi>).detail))
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
}

/** Posts a signed transaction with `sendTransaction` (base64) to a Solana JSON-RPC endpoint. */
export async function sendWireTransaction(rpcUrl: string, signed: Uint8Array, options: SendOptions): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: Date.now(),
      method: 'sendTransaction',
      params: [
        base64.encode(signed),
        {
          encoding: 'base64',
          skipPreflight: options?.skipPreflight ?? false,
          preflightCommitment: options?.preflightCommitment ?? options?.commitment ?? 'confirmed',
          ...(options?.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
          ...(options?.minContextSlot === undefined ? {} : { minContextSlot: options.minContextSlot }),
        },
      ],
    }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
  if (typeof body.result !== 'string') throw new Error('sendTransaction answered no signature')
  return body.result
}
