export {
  startSolanaDevnet,
  TEST_USD_DECIMALS,
  type SolanaDevnet,
  type SolanaDevnetOptions,
} from './startSolanaDevnet.js'
export type { Commitment, TxRecord } from './solanaLedger.js'
