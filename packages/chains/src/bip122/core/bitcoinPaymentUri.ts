import { formatUnits } from 'viem'
import type { PaymentUriParameters } from '../../chainCore.js'

/**
 * BIP21 `bitcoin:<address>?amount=<BTC>&label=<title>&message=<description>` for the option's
 * own derived address. Null for an option paid to a plain address (a payment made from a
 * scanned code could not be attributed to this link) and for anything but BTC.
 */
export function bitcoinPaymentUri({
  depositAddress,
  tokenAddress,
  amount,
  decimals,
  label,
  message,
}: PaymentUriParameters): string | null {
  if (!depositAddress || tokenAddress !== null) return null
  const query = [
    `amount=${formatUnits(amount, decimals)}`,
    `label=${encodeURIComponent(label)}`,
    ...(message ? [`message=${encodeURIComponent(message)}`] : []),
  ]
  return `bitcoin:${depositAddress}?${query.join('&')}`
}
