import { formatFiat, type FiatCurrency } from '@paylink/shared'

/**
 * "≈ $12.00" beside a crypto amount of a fiat-priced link: what the amount is worth at its quote.
 * Small and separate, so pages restyled by others only place it.
 */
export function FiatApprox({ currency, amount }: { currency: FiatCurrency; amount: string }) {
  return (
    <span
      className="fiat-approx"
      data-testid="fiat-approx"
      title={`Worth about ${formatFiat(amount, currency)} at the quoted rate`}
    >
      ≈ {formatFiat(amount, currency)}
    </span>
  )
}
