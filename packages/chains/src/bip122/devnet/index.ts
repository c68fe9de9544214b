// The bip122 family's devnet face (see ../../../README.md and ./README.md): the demo's Bitcoin
// regtest chain behind Esplora's REST API. Node only; the Dev Wallet's Bitcoin side is in ./wallet.
export {
  startBitcoinDevnet,
  type BitcoinDevnet,
  type BitcoinDevnetOptions,
  type ReorgResult,
} from './startBitcoinDevnet.js'
export { TxRejected } from './txRejected.js'
export { REGTEST, REGTEST_GENESIS_HASH } from './regtest.js'
export type { Block, StoredTx } from './bitcoinChain.js'
