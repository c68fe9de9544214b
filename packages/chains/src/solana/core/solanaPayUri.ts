import { formatUnits } from 'viem'
import type { PaymentUriParameters } from '../../chainCore.js'

/**
 * A Solana Pay transfer request: `solana:<recipient>?amount=&spl-token=&reference=&label=&message=`.
 * The amount is in user units (SOL, not lamports; the token's decimals), never in exponent
 * notation; label and message are percent-encoded (spaces as %20); no spl-token for SOL.
 * Null without a reference: a payment could not be attributed to the option.
 */
export function solanaPayUri({
  tokenAddress,
  recipient,
  reference,
  amount,
  decimals,
  label,
  message,
}: PaymentUriParameters): string | null {
  if (reference === null) return null
  const fields: Array<[string, string]> = [['amount', formatUnits(amount, decimals)]]
  if (tokenAddress !== null) fields.push(['spl-token', tokenAddress])
  fields.push(['reference', reference])
  if (label) fields.push(['label', label])
  if (message) fields.push(['message', message])
  return `solana:${recipient}?${fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`
}
