// Bitcoin's transfer plan lives in its family's core face; re-exported so the apps' imports stand.
export {
  bitcoinDustLimit,
  bitcoinFeeRate,
  bitcoinTransferVsize,
  InsufficientBitcoinError,
  planBitcoinTransfer,
  type BitcoinCoin,
  type BitcoinTransferPlan,
} from '@paylink/chains/bip122/core'
