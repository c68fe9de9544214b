import { parseRate } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import type { LinkOptionRow, LinkQuoteRow, LinkRow, PaymentRow } from '../db/rows.js'
import { assessLink, quoteOfPayment } from './linkStatus.js'

const t0 = new Date('2030-01-01T00:00:00Z')
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000)

type LinkRules = Pick<
  LinkRow,
  'expiresAt' | 'priceCurrency' | 'priceAmount' | 'underpaymentTolerancePercent' | 'latePaymentGraceSeconds'
>
const fixedLink = (extra: Partial<LinkRules> = {}): LinkRules => ({
  expiresAt: at(3600),
  priceCurrency: null,
  priceAmount: null,
  underpaymentTolerancePercent: '0',
  latePaymentGraceSeconds: 0,
  ...extra,
})
const fiatLink = (extra: Partial<LinkRules> = {}): LinkRules =>
  fixedLink({ priceCurrency: 'USD', priceAmount: '12.00', ...extra })

const option = (id: string, decimals: number, amount: string | null): LinkOptionRow =>
  ({
    id,
    linkId: 'lnk_1',
    position: 0,
    assetId: 'eip155:1/slip44:60',
    caipNetworkId: 'eip155:1',
    symbol: 'X',
    decimals,
    tokenAddress: null,
    amount,
    recipient: '0x',
    depositAddress: null,
    reference: null,
  }) as LinkOptionRow

let n = 0
const payment = (optionId: string, amount: bigint, extra: Partial<PaymentRow> = {}): PaymentRow =>
  ({
    id: `pay_${++n}`,
    linkId: 'lnk_1',
    optionId,
    amount: amount.toString(),
    status: 'confirmed',
    late: false,
    minedAt: at(10),
    createdAt: at(10),
    ...extra,
  }) as PaymentRow

const quote = (optionId: string, rate: string, amount: bigint, createdAt: Date, ttl = 900): LinkQuoteRow => ({
  id: `quo_${++n}`,
  linkId: 'lnk_1',
  optionId,
  rate: parseRate(rate).toString(),
  rateSource: 'test',
  amount: amount.toString(),
  problem: null,
  createdAt,
  expiresAt: new Date(createdAt.getTime() + ttl * 1000),
})

describe('assessLink: fixed amounts, tolerance, late payments', () => {
  const usd = option('opt_usd', 6, '12000000')

  it('paid at the amount; a shortfall within the tolerance is paid with the shortfall shown; beyond it, partially paid with what is due', () => {
    // The 12 USD link with a 1 % tolerance, paid `amounts` (micro-USD) by the time it is read.
    const tolerantPaid = (...amounts: bigint[]) =>
      assessLink(
        fixedLink({ underpaymentTolerancePercent: '1' }),
        [usd],
        amounts.map((amount) => payment('opt_usd', amount)),
        [],
        at(20),
      )
    expect(assessLink(fixedLink(), [usd], [payment('opt_usd', 12_000_000n)], [], at(20)).status).toBe('paid')
    const short = tolerantPaid(11_940_000n)
    expect(short.status).toBe('paid')
    expect(short.options.get('opt_usd')).toMatchObject({ shortfall: 60_000n, due: 0n, overpaid: 0n })
    // 1% of 12 is 0.12: 11.87 is 0.13 short.
    const under = tolerantPaid(11_870_000n)
    expect(under.status).toBe('partially_paid')
    expect(under.options.get('opt_usd')).toMatchObject({ shortfall: 0n, due: 130_000n })
    // A top-up pays it.
    expect(tolerantPaid(11_870_000n, 130_000n).status).toBe('paid')
    // No tolerance: a millionth short is not paid.
    expect(assessLink(fixedLink(), [usd], [payment('opt_usd', 11_999_999n)], [], at(20)).status).toBe('partially_paid')
  })

  it('shows an overpayment', () => {
    const over = assessLink(fixedLink(), [usd], [payment('opt_usd', 15_000_000n)], [], at(20))
    expect(over.options.get('opt_usd')).toMatchObject({ overpaid: 3_000_000n, shortfall: 0n })
  })

  it('late payments are recorded; they count only when mined within the grace window', () => {
    const late = payment('opt_usd', 12_000_000n, { late: true, minedAt: at(3600 + 60) })
    const none = assessLink(fixedLink(), [usd], [late], [], at(4000))
    expect(none.status).toBe('expired')
    expect(none.options.get('opt_usd')).toMatchObject({ paid: 0n, late: 12_000_000n })
    expect(none.payments.get(late.id)!.counted).toBe(false)
    const graced = assessLink(fixedLink({ latePaymentGraceSeconds: 120 }), [usd], [late], [], at(4000))
    expect(graced.status).toBe('paid')
    expect(graced.payments.get(late.id)!.counted).toBe(true)
    const tooLate = payment('opt_usd', 12_000_000n, { late: true, minedAt: at(3600 + 121) })
    expect(assessLink(fixedLink({ latePaymentGraceSeconds: 120 }), [usd], [tooLate], [], at(4000)).status).toBe(
      'expired',
    )
  })

  it('only confirmed payments count; confirming ones lower what is due', () => {
    const assessed = assessLink(
      fixedLink(),
      [usd],
      [payment('opt_usd', 5_000_000n, { status: 'confirming' })],
      [],
      at(20),
    )
    expect(assessed.status).toBe('open')
    expect(assessed.options.get('opt_usd')).toMatchObject({ paid: 0n, confirming: 5_000_000n, due: 7_000_000n })
  })
})

describe('assessLink: fiat prices', () => {
  const eth = option('opt_eth', 18, null)
  // $12 at $3000: 0.004 ETH; at $2400 (a later quote): 0.005 ETH.
  const first = quote('opt_eth', '3000', 4_000_000_000_000_000n, at(0))
  const second = quote('opt_eth', '2400', 5_000_000_000_000_000n, at(1000))

  it('judges a payment against the quote of its time, even when it confirms after the window and a new quote exists', () => {
    // Sent at 800 s (inside the first window), mined at 850 s, read at 2000 s with the second quote live.
    const paidUnderFirst = payment('opt_eth', 4_000_000_000_000_000n, { createdAt: at(800), minedAt: at(850) })
    const assessed = assessLink(fiatLink(), [eth], [paidUnderFirst], [first, second], at(2000))
    expect(assessed.status).toBe('paid')
    expect(assessed.payments.get(paidUnderFirst.id)).toMatchObject({
      counted: true,
      quote: first,
      fiatValue: parseRate('12'),
    })
    // The same amount first seen under the second quote is worth $9.60 there: not paid.
    const paidUnderSecond = payment('opt_eth', 4_000_000_000_000_000n, { createdAt: at(1100), minedAt: at(1090) })
    const short = assessLink(fiatLink(), [eth], [paidUnderSecond], [first, second], at(2000))
    expect(short.status).toBe('partially_paid')
    expect(short.fiat).toMatchObject({ paid: parseRate('9.6'), due: parseRate('2.4') })
    // What is still due, in ETH at the live quote, rounded up: 2.40 / 2400 = 0.001.
    expect(short.options.get('opt_eth')).toMatchObject({ amount: 5_000_000_000_000_000n, due: 1_000_000_000_000_000n })
  })

  it('a scanner that sights a payment late still judges it by when it was mined', () => {
    const p = { optionId: 'opt_eth', createdAt: at(1100), minedAt: at(850) }
    expect(quoteOfPayment(p, [first, second])).toBe(first)
    expect(quoteOfPayment({ ...p, minedAt: null }, [first, second])).toBe(second)
  })

  it('a payment in a block stamped the same second as its quote, just before it (block times round down), is made under that quote', () => {
    // The pay page quoted at 12.800 s; the payer paid at once, in the block stamped 12 s; the scanner sighted it at 14 s.
    const tusd = option('opt_tusd', 6, null)
    const peg = quote('opt_tusd', '1', 12_000_000n, new Date(at(12).getTime() + 800))
    const deposit = payment('opt_tusd', 12_000_000n, { createdAt: at(14), minedAt: at(12) })
    expect(quoteOfPayment(deposit, [peg])).toBe(peg)
    expect(assessLink(fiatLink(), [tusd], [deposit], [peg], at(20)).status).toBe('paid')
    // A block stamped a whole second before the quote was made before it.
    expect(quoteOfPayment({ ...deposit, minedAt: at(11) }, [peg])).toBeNull()
  })

  it('tolerance on the price: 99.5% of a 1%-tolerance link is paid with the shortfall in fiat and in the asset', () => {
    const tusd = option('opt_tusd', 6, null)
    const peg = quote('opt_tusd', '1', 12_000_000n, at(0))
    const p = payment('opt_tusd', 11_940_000n)
    const assessed = assessLink(fiatLink({ underpaymentTolerancePercent: '1' }), [tusd], [p], [peg], at(20))
    expect(assessed.status).toBe('paid')
    expect(assessed.fiat).toMatchObject({ shortfall: parseRate('0.06'), due: 0n, overpaid: 0n })
    expect(assessed.options.get('opt_tusd')).toMatchObject({ shortfall: 60_000n })
    // Without the tolerance: partially paid, $0.06 (0.06 TUSD) still due.
    const strict = assessLink(fiatLink(), [tusd], [p], [peg], at(20))
    expect(strict.status).toBe('partially_paid')
    expect(strict.options.get('opt_tusd')).toMatchObject({ due: 60_000n })
  })

  it('payments in two assets add up in fiat; the excess is shown', () => {
    const tusd = option('opt_tusd', 6, null)
    const quotes = [first, quote('opt_tusd', '1', 12_000_000n, at(0))]
    const assessed = assessLink(
      fiatLink(),
      [eth, tusd],
      [payment('opt_tusd', 6_000_000n), payment('opt_eth', 3_000_000_000_000_000n)],
      quotes,
      at(20),
    )
    expect(assessed.status).toBe('paid')
    expect(assessed.fiat).toMatchObject({ paid: parseRate('15'), overpaid: parseRate('3') })
    expect(assessed.options.get('opt_eth')).toMatchObject({ overpaid: 1_000_000_000_000_000n })
  })

  it('without a quote there is no amount and nothing due can be said', () => {
    const problem: LinkQuoteRow = {
      ...first,
      id: 'quo_p',
      rate: null,
      amount: null,
      rateSource: null,
      problem: 'No ETH price',
      createdAt: at(0),
    }
    const assessed = assessLink(fiatLink(), [eth], [], [problem], at(20))
    expect(assessed.options.get('opt_eth')).toMatchObject({ amount: null, due: null, quote: problem })
    expect(assessed.status).toBe('open')
  })
})
