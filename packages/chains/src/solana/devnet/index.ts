// The solana family's devnet face (see ../../../README.md and ./README.md): the demo's Solana
// chain, litesvm behind a JSON-RPC and websocket server. Node only; the Dev Wallet's Solana side is in ./wallet.
export {
  startSolanaDevnet,
  TEST_USD_DECIMALS,
  type SolanaDevnet,
  type SolanaDevnetOptions,
} from './startSolanaDevnet.js'
export type { Commitment, TxRecord } from './solanaLedger.js'
export { allowRpcCors } from './allowRpcCors.js'
