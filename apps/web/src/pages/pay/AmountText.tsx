import { optionAmountText } from '@paylink/shared'

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
  const text = optionAmountText({ amount, decimals, symbol })
  const exact = `${amount} ${symbol}`
  return strong ? (
    <strong className="amount" title={exact}>
      {text}
    </strong>
  ) : (
    <span className="amount-text" title={exact}>
      {text}
    </span>
  )
}
