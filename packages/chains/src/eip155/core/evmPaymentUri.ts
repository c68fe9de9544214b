import { parseCaipNetworkId } from '../../parseCaipNetworkId.js'
import { getAddress } from 'viem'
import type { PaymentUriParameters } from '../../chainCore.js'

/**
 * EIP-681 for an option with a deposit address: `ethereum:<deposit>@<chainId>?value=<wei>` for the
 * native coin, `ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<atomic>` for an
 * ERC-20. Without a deposit address a payment nobody submits could not be told apart: null.
 */
export function evmPaymentUri({
  caipNetworkId,
  tokenAddress,
  depositAddress,
  amount,
}: PaymentUriParameters): string | null {
  if (!depositAddress) return null
  const chainId = parseCaipNetworkId(caipNetworkId).reference
  const deposit = getAddress(depositAddress)
  if (tokenAddress === null) return `ethereum:${deposit}@${chainId}?value=${amount.toString()}`
  return `ethereum:${getAddress(tokenAddress)}@${chainId}/transfer?address=${deposit}&uint256=${amount.toString()}`
}
