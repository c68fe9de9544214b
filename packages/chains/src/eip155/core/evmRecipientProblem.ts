import { isAddress } from 'viem'
import { addressTypoMessage } from '../../addressTypo.js'
import { evmAddressSchema } from './evmAddressSchema.js'

/**
 * An EVM link recipient is a plain address (a contract or an account). Mixed case is an EIP-55
 * checksum and must match: re-casing a mistyped address would pay someone else. All-lowercase or
 * all-uppercase hex carries no checksum (EIP-55) and is taken as written.
 */
export function evmRecipientProblem(recipient: string): string | null {
  if (!evmAddressSchema.safeParse(recipient).success) return 'must be a 0x-prefixed 20-byte hex address'
  const hex = recipient.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return null
  return isAddress(recipient, { strict: true }) ? null : addressTypoMessage
}
