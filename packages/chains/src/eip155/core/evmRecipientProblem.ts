import { evmAddressSchema } from './evmAddressSchema.js'

/** An EVM link recipient is a plain address (a contract or an account). */
export function evmRecipientProblem(recipient: string): string | null {
  return evmAddressSchema.safeParse(recipient).success ? null : 'must be a 0x-prefixed 20-byte hex address'
}
