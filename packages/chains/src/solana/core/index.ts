import type { ChainCore } from '../../chainCore.js'
import { solanaFacts } from './solanaFacts.js'
import { solanaPayUri } from './solanaPayUri.js'
import { solanaAddressSchema } from './solanaAddressSchema.js'
import { solanaRecipientProblem } from './solanaRecipientProblem.js'
import { solanaSignatureSchema } from './solanaSignatureSchema.js'
import { solanaSignIn } from './solanaSignIn.js'

export { solanaFacts, solanaPayUri, solanaAddressSchema, solanaRecipientProblem, solanaSignatureSchema, solanaSignIn }

/** Solana clusters (CAIP-2 `solana:<genesis hash prefix>`). */
export const solanaCore: ChainCore<'solana'> = {
  ...solanaFacts,
  transactionIdSchema: solanaSignatureSchema,
  addressSchema: solanaAddressSchema,
  recipientProblem: solanaRecipientProblem,
  amountCap: { atomic: 2n ** 64n - 1n, why: 'a Solana amount is a 64-bit integer of the smallest unit' },
  canonicalAddress: (address) => address,
  addressKey: (address) => address,
  signIn: solanaSignIn,
  paymentUri: solanaPayUri,
}
