import type { ChainCore } from '../../chainCore.js'
import { bitcoinFacts } from './bitcoinFacts.js'
import { bitcoinPaymentUri } from './bitcoinPaymentUri.js'
import { bitcoinAddressSchema } from './bitcoinAddressSchema.js'
import { bitcoinRecipientProblem } from './bitcoinRecipientProblem.js'
import { bitcoinSignIn } from './bitcoinSignIn.js'
import { bitcoinTxidSchema } from './bitcoinTxidSchema.js'

export {
  bitcoinFacts,
  bitcoinPaymentUri,
  bitcoinAddressSchema,
  bitcoinRecipientProblem,
  bitcoinSignIn,
  bitcoinTxidSchema,
}
export { bitcoinAddressProblem } from './bitcoinAddressProblem.js'
export { bitcoinAddressPrefixes } from './bitcoinAddressPrefixes.js'
export { bitcoinDustLimit } from './bitcoinDustLimit.js'
export { bitcoinFeeRate } from './bitcoinFeeRate.js'
export { bitcoinTransferVsize } from './bitcoinTransferVsize.js'
export { InsufficientBitcoinError } from './InsufficientBitcoinError.js'
export { planBitcoinTransfer, type BitcoinCoin, type BitcoinTransferPlan } from './planBitcoinTransfer.js'

/** Bitcoin networks (CAIP-2 `bip122:<genesis hash prefix>`). */
export const bip122Core: ChainCore<'bip122'> = {
  ...bitcoinFacts,
  transactionIdSchema: bitcoinTxidSchema,
  addressSchema: bitcoinAddressSchema,
  recipientProblem: bitcoinRecipientProblem,
  amountCap: { atomic: 21_000_000n * 100_000_000n, why: 'no more than 21 million bitcoin will ever exist' },
  canonicalAddress: (address) => address,
  addressKey: (address) => address,
  signIn: bitcoinSignIn,
  paymentUri: bitcoinPaymentUri,
}
