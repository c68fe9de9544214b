import type { WalletIcon } from '@wallet-standard/base'
import { DEV_WALLET_ICON } from './announceDevWallet.js'
import {
  devWalletSolanaKey,
  createSolanaStandardWallet,
  registerStandardWallet,
  sendWireTransaction,
  type SolanaStandardWallet,
} from '@paylink/chains/solana/devnet/wallet'
import { defaultDevWalletStorage, type DevWalletStorage } from '@paylink/chains/eip155/devnet/wallet'

export type DevSolanaChain = {
  /** CAIP-2 id, e.g. `solana:<first 32 characters of the devnet's genesis hash>`. */
  caipNetworkId: string
  /** The devnet's JSON-RPC (through the server's proxy: `<origin>/devnet/solana/rpc`). */
  rpcUrl: string
}

export type CreateDevSolanaWalletParameters = {
  chains: DevSolanaChain[]
  /** Which of the demo-only keys (default 0, the one the devnet funds first). */
  accountIndex?: number
  /** Where the connection is remembered (default `localStorage`, key 'paylink.devWallet.solana'). */
  storage?: DevWalletStorage
  storageKey?: string
}

/**
 * The Dev Wallet's Solana account: a Wallet Standard wallet named "Paylink Dev Wallet" over a
 * DEMO-ONLY key (devWalletSolanaKeys.ts), which the devnet funds with SOL and Test USD at start.
 * It signs messages and transactions, and sends through the chain's RPC (the server's proxy to
 * the Solana devnet). The connection survives a reload, like the EVM side's.
 */
export function createDevSolanaWallet({
  chains,
  accountIndex = 0,
  storage = defaultDevWalletStorage(),
  storageKey = 'paylink.devWallet.solana',
}: CreateDevSolanaWalletParameters): SolanaStandardWallet {
  if (chains.length === 0) throw new Error('createDevSolanaWallet: at least one chain is required')
  const rpcOf = new Map(chains.map((chain) => [chain.caipNetworkId, chain.rpcUrl]))
  const firstRpc = chains[0]!.rpcUrl
  return createSolanaStandardWallet({
    name: 'Paylink Dev Wallet',
    icon: DEV_WALLET_ICON as WalletIcon,
    chains: chains.map((chain) => chain.caipNetworkId),
    secretKey: devWalletSolanaKey(accountIndex).secretKey,
    // A request without a chain (AppKit's own Wallet Standard names) goes to the first devnet.
    sendTransaction: (chain, signed, options) => sendWireTransaction(rpcOf.get(chain) ?? firstRpc, signed, options),
    remember: {
      load: () => storage.getItem(storageKey) === 'connected',
      save: (connected) => storage.setItem(storageKey, connected ? 'connected' : 'disconnected'),
    },
  })
}

/** Shows the Dev Wallet's Solana account to the page (Wallet Standard registration). */
export function announceDevSolanaWallet(parameters: CreateDevSolanaWalletParameters): SolanaStandardWallet {
  const created = createDevSolanaWallet(parameters)
  registerStandardWallet(created.wallet)
  return created
}
