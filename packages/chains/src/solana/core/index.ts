import type { ChainCore } from '../../chainCore.js'
import { solanaPayUri } from './solanaPayUri.js'
import { solanaAddressSchema } from './solanaAddressSchema.js'
import { solanaRecipientProblem } from './solanaRecipientProblem.js'
import { solanaSignatureSchema } from './solanaSignatureSchema.js'
import { solanaSignIn } from './solanaSignIn.js'

export { solanaPayUri, solanaAddressSchema, solanaRecipientProblem, solanaSignatureSchema, solanaSignIn }

/** Solana clusters (CAIP-2 `solana:<genesis hash prefix>`). */
export const solanaCore: ChainCore<'solana'> = {
  namespace: 'solana',
  label: 'Solana',
  nativeCoinType: 501,
  transactionIdSchema: solanaSignatureSchema,
  caseSensitiveTransactionIds: true,
  watchOnlyKeys: false,
  addressSchema: solanaAddressSchema,
  recipientProblem: solanaRecipientProblem,
  canonicalAddress: (address) => address,
  addressKey: (address) => address,
  signIn: solanaSignIn,
  paymentUri: solanaPayUri,
}
