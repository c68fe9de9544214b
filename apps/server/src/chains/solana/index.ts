import type { ChainFamily } from '../chainFamily.js'
import { readSolanaHead } from './readSolanaHead.js'
import { readSolanaIdentity } from './readSolanaIdentity.js'

/**
 * Solana clusters (CAIP-2 `solana:<genesis hash prefix>`), read over JSON-RPC. Heads and
 * identity only for now: no `connect`, so the tracker does not follow payments here yet.
 */
export const solanaFamily: ChainFamily = {
  namespace: 'solana',
  readHead: ({ rpcUrl }, options) => readSolanaHead(rpcUrl, options),
  readIdentity: ({ rpcUrl }, options) => readSolanaIdentity(rpcUrl, options),
}
