import { localizeDecimal, optionAmountText } from '@paylink/shared'
import { usePayerIntl } from '../../i18n/usePayerIntl.js'

/** An amount as people read it ("9,999.99991249 ETH"), the exact value in its title (hover, long press). */
export function AmountText({
  amount,
  decimals,
  symbol,
  strong = false,
}: {
  amount: string
  decimals: number
  symbol: string
  strong?: boolean
}) {
  const payer = usePayerIntl()
  const english = optionAmountText({ amount, decimals, symbol })
  // The payer's separators on the number only; the symbol and every digit stay as they are.
  const text = payer ? english.replace(/^\S+/, (n) => localizeDecimal(n, payer.locale)) : english
  const exact = `${amount} ${symbol}`
  return strong ? (
    <strong className="amount" dir="ltr" title={exact}>
      {text}
    </strong>
  ) : (
    <span className="amount-text" dir="ltr" title={exact}>
      {text}
    </span>
  )
}
