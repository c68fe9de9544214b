import { getAddress, isAddress } from 'viem'
import { RequestValidationError, ValidationError } from '../../errors.js'
import type { PrepareOptionParameters, PreparedOption } from '../chainFamily.js'

/**
 * An EVM option: the recipient an address (default: the merchant's, when it signed in with an
 * EVM account), stored checksummed; the token an ERC-20 contract address, stored lowercase.
 */
export async function prepareEvmOption({ tokenReference, recipient, merchant }: PrepareOptionParameters, field: string): Promise<PreparedOption> {
  const chosen = recipient ?? (merchant.namespace === 'eip155' ? merchant.address : undefined)
  if (!chosen || !isAddress(chosen, { strict: false })) {
    throw new RequestValidationError(
      chosen ? `${field}.recipient: must be a 0x-prefixed 20-byte hex address` : `${field}.recipient: is required (the signed-in account is not an eip155 address)`,
    )
  }
  const tokenAddress = tokenReference === null ? null : tokenReference.toLowerCase()
  if (tokenAddress !== null && !isAddress(tokenAddress, { strict: false })) {
    throw new ValidationError('UNSUPPORTED_ASSET', `${field}.asset: "${tokenReference}" is not an ERC-20 contract`)
  }
  return { recipient: getAddress(chosen), tokenAddress, depositAddress: null, reference: null }
}
