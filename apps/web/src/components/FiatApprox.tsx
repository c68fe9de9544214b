import { formatFiat, formatFiatLocal, type FiatCurrency } from '@paylink/shared'
import { usePayerIntl } from '../i18n/usePayerIntl.js'

/**
 * "≈ $12.00" beside a crypto amount of a fiat-priced link: what the amount is worth at its quote.
 * Small and separate, so pages restyled by others only place it.
 */
export function FiatApprox({ currency, amount }: { currency: FiatCurrency; amount: string }) {
  const payer = usePayerIntl()
  const text = payer ? formatFiatLocal(amount, currency, payer.locale) : formatFiat(amount, currency)
  return (
    <span
      className="fiat-approx"
      data-testid="fiat-approx"
      title={payer ? payer.t('fiat.worth', { amount: text }) : `Worth about ${text} at the quoted rate`}
    >
      ≈ {text}
    </span>
  )
}
