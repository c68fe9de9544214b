import type { ChainAsset } from '../chainShapes.js'
import { ConflictError } from './errors.js'

// What the demo's devnet gives the server, and what each family's faucet on it offers (POST
// /devnet/faucet). Devnet-only, but typed here so a family's faucet is part of its server face.

/** What `startDevnet()` from @paylink/devnet resolves to (the part the server reads). */
export interface DevnetHandle {
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  token: { chainId: number; address: `0x${string}`; symbol: string; name: string; decimals: number }
  accounts: `0x${string}`[]
  /** The Solana devnet; absent when the devnet runs EVM chains only. */
  solana?: DevnetSolanaHandle
  /** The Bitcoin regtest devnet; absent when the devnet runs without it. */
  bitcoin?: DevnetBitcoinHandle
  stop(): Promise<void>
}

export interface DevnetBitcoinHandle {
  caipNetworkId: string
  name: string
  /** The devnet's Esplora REST API on loopback. */
  esploraUrl: string
  faucet(address: string, sats: bigint): Promise<string>
  mine(blocks: number): Promise<string[]>
}

export interface DevnetSolanaHandle {
  caipNetworkId: string
  name: string
  rpcUrl: string
  wsUrl: string
  mint: string
  /** Slots after which the devnet finalizes a transaction. */
  finalizeDepth: number
  faucet(address: string, asset: string, amount: bigint): Promise<string>
}

/** Where the server reads a devnet network itself (loopback), and proxies the browser to. */
export interface DevnetUpstream {
  rpcUrl: string
  /** The websocket of a Solana devnet. */
  wsUrl?: string
}

/** caipNetworkId -> the devnet's own endpoints. */
export type DevnetUpstreams = Record<string, DevnetUpstream>

/** What one chain family's devnet faucet offers: the assets it can send, and how. */
export interface DevnetFaucet {
  /** CAIP-2 namespace: eip155, solana, bip122. */
  namespace: string
  /** The devnet assets it sends (CAIP-19 ids the server also lists as assets). */
  assets: readonly ChainAsset[]
  /** Whether `address` is one this family can receive at (checked before anything is sent). */
  isAddress(address: string): boolean
  /** Sends `amount` atomic units; the transaction id, or null when the devnet changed the balance without one. */
  send(request: { asset: ChainAsset; address: string; amount: bigint }): Promise<string | null>
}

/** Thrown by a faucet that holds less than was asked (a demo can drain its float). */
export class FaucetEmptyError extends ConflictError {
  constructor(message: string) {
    super('FAUCET_EMPTY', message)
  }
}
