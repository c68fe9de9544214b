import { getAddress } from 'viem'
import type { ChainCore } from '../../chainCore.js'
import { evmFacts } from './evmFacts.js'
import { evmPaymentUri } from './evmPaymentUri.js'
import { evmAddressSchema } from './evmAddressSchema.js'
import { evmRecipientProblem } from './evmRecipientProblem.js'
import { evmSignIn } from './evmSignIn.js'
import { evmTransactionIdSchema } from './evmTransactionIdSchema.js'

export { evmFacts, evmPaymentUri, evmAddressSchema, evmRecipientProblem, evmSignIn, evmTransactionIdSchema }

/** EVM chains (CAIP-2 `eip155:<chain id>`). */
export const eip155Core: ChainCore<'eip155'> = {
  ...evmFacts,
  transactionIdSchema: evmTransactionIdSchema,
  addressSchema: evmAddressSchema,
  recipientProblem: evmRecipientProblem,
  // The chain carries 256 bits, but no EVM coin or token in use comes near 2^128 of its smallest
  // unit (all ether is about 2^87 wei): an amount above it is a typo, never a price. A token's
  // own limit, its total supply, is read at creation by the server.
  amountCap: {
    atomic: 2n ** 128n - 1n,
    why: 'an EVM amount is at most 2^128 of the smallest unit, far above any coin or token in use',
  },
  canonicalAddress: (address) => getAddress(address),
  addressKey: (address) => address.toLowerCase(),
  signIn: evmSignIn,
  paymentUri: evmPaymentUri,
}
export {
  DETERMINISTIC_DEPLOYMENT_PROXY,
  PAYLINK_DEPOSIT_FACTORY_ADDRESS,
  PAYLINK_DEPOSIT_FACTORY_SALT,
  depositFactoryAbi,
  depositFactoryBytecode,
  forwarderAbi,
  forwarderBytecode,
} from './depositContracts.js'
export {
  PAYLINK_COLLECTOR_ADDRESS,
  PAYLINK_COLLECTOR_SALT,
  collectorAbi,
  collectorBytecode,
  collectorSubscribeArgs,
} from './collectorContract.js'
