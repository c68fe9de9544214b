import { getAddress, isAddress } from 'viem'
import { RequestValidationError, ValidationError } from '../../serverFace/errors.js'
import type { PrepareOptionParameters, PreparedOption } from '../../serverFace/chainFamily.js'
import { evmDepositAddress } from './evmDepositAddress.js'

/**
 * An EVM option: the recipient an address (default: the merchant's, when it signed in with an
 * EVM account), stored checksummed; the token an ERC-20 contract address, stored lowercase. On a
 * network where the deposit factory is deployed (`depositFactory`), the option's own deposit
 * address (a forwarder that can only pay the recipient), so a payer who cannot connect can pay.
 */
export async function prepareEvmOption(
  { tokenReference, recipient, merchant, optionId, network }: PrepareOptionParameters,
  field: string,
): Promise<PreparedOption> {
  const chosen = recipient ?? (merchant.namespace === 'eip155' ? merchant.address : undefined)
  if (!chosen || !isAddress(chosen, { strict: false })) {
    throw new RequestValidationError(
      chosen
        ? `${field}.recipient: must be a 0x-prefixed 20-byte hex address`
        : `${field}.recipient: is required (the signed-in account is not an eip155 address)`,
    )
  }
  const tokenAddress = tokenReference === null ? null : tokenReference.toLowerCase()
  if (tokenAddress !== null && !isAddress(tokenAddress, { strict: false })) {
    throw new ValidationError('UNSUPPORTED_ASSET', `${field}.asset: "${tokenReference}" is not an ERC-20 contract`)
  }
  const checksummed = getAddress(chosen)
  const depositAddress = network?.depositFactory ? evmDepositAddress(checksummed, optionId) : null
  return { recipient: checksummed, tokenAddress, depositAddress, reference: null }
}
