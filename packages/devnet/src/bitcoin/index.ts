export {
  startBitcoinDevnet,
  type BitcoinDevnet,
  type BitcoinDevnetOptions,
  type ReorgResult,
} from './startBitcoinDevnet.js'
export { TxRejected } from './txRejected.js'
export { REGTEST, REGTEST_GENESIS_HASH } from './regtest.js'
export type { Block, StoredTx } from './bitcoinChain.js'
