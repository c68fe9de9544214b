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
  amountCap: { atomic: 2n ** 256n - 1n, why: 'an EVM amount is a 256-bit integer of the smallest unit' },
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
