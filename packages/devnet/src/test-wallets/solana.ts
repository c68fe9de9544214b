/**
 * Paylink test Solana wallet (browser code, TEST ONLY: the key comes from the test config).
 *
 * Registers a Wallet Standard wallet named 'Paylink Test Solana' (the wallet itself is
 * wallet/solanaStandardWallet.ts, shared with the demo's Dev Wallet), with a lever to refuse the
 * next request and a log of every request. signAndSendTransaction posts the signed transaction
 * to `config.rpcUrl`. Keys: ed25519 from a 32-byte seed via @noble/curves.
 *
 * No Node APIs here: this file is bundled for the browser (Playwright `addInitScript`).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58, hex } from '@scure/base'
import type { WalletIcon } from '@wallet-standard/base'
import {
  createSolanaStandardWallet,
  registerStandardWallet,
  sendWireTransaction,
  UserRejectedError,
  type RequestGate,
} from '@paylink/chains/solana/devnet/wallet'

export { signWireTransaction, UserRejectedError } from '@paylink/chains/solana/devnet/wallet'

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

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#14F195"/>' +
  '<text x="48" y="62" font-family="sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="#0b0b0f">PT</text></svg>'

export function parseSolanaTestWalletConfig(config: unknown): SolanaTestWalletConfig {
  if (!config || typeof config !== 'object') throw new TypeError('Solana test wallet: config object required')
  const { rpcUrl, chains, secretKeySeedHex } = config as Record<string, unknown>
  if (typeof rpcUrl !== 'string' || !/^https?:\/\//.test(rpcUrl)) {
    throw new TypeError('Solana test wallet: rpcUrl must be an http(s) URL')
  }
  if (
    !Array.isArray(chains) ||
    chains.length === 0 ||
    !chains.every((c) => typeof c === 'string' && /^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(c))
  ) {
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

  let refuse = false
  const requests: SolanaTestWalletRequest[] = []
  const gate: RequestGate = async (method, params, prompt, run) => {
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
  const { wallet, address } = createSolanaStandardWallet({
    name: SOLANA_TEST_WALLET_NAME,
    icon: `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as WalletIcon,
    chains: cfg.chains,
    secretKey: seedBytes(cfg.secretKeySeedHex),
    sendTransaction: (_chain, signed, options) => sendWireTransaction(cfg.rpcUrl, signed, options),
    gate,
  })
  registerStandardWallet(wallet)

  const handle: SolanaTestWalletHandle = {
    address,
    refuseNext() {
      refuse = true
    },
    requests,
  }
  testWallets.solana = handle
  return handle
}
