import type { Devnet, DevnetBitcoin, DevnetSolana } from './devnet.js'

/** A devnet as it crosses the IPC channel: its data, without the functions (those become calls). */
export type DevnetDescription = Omit<Devnet, 'stop' | 'solana' | 'bitcoin'> & {
  solana?: Omit<DevnetSolana, 'faucet'>
  bitcoin?: Omit<DevnetBitcoin, 'faucet' | 'mine'>
}

/** Parent -> devnet process: a function of the devnet, its bigint arguments as decimal strings. */
export type DevnetCall =
  | { type: 'call'; id: number; method: 'solana.faucet'; args: [address: string, asset: string, amount: string] }
  | { type: 'call'; id: number; method: 'bitcoin.faucet'; args: [address: string, sats: string] }
  | { type: 'call'; id: number; method: 'bitcoin.mine'; args: [blocks: string] }

/** Devnet process -> parent. */
export type DevnetProcessMessage =
  | { type: 'ready'; devnet: DevnetDescription }
  | { type: 'failed'; name: string; message: string; devnetError: boolean }
  | { type: 'result'; id: number; value?: string | string[]; error?: string }
