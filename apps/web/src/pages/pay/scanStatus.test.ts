import { describe, expect, it } from 'vitest'
import { englishText } from '../../i18n/testing/englishText.js'
import { scanStatus as scanStatusIn } from './scanStatus.js'
import { DEPOSIT, eth, assetOption, pendingPayment } from './testing/checkoutFixtures.js'

const scanStatus = (...args: [Parameters<typeof scanStatusIn>[0], Parameters<typeof scanStatusIn>[1]]) =>
  scanStatusIn(...args, englishText)
const option = assetOption(eth, '0.004', {
  depositAddress: DEPOSIT,
  paymentUri: `ethereum:${DEPOSIT}@31337?value=4000000000000000`,
})
const payment = pendingPayment()

describe('scanStatus', () => {
  it('waits while nothing was seen', () => {
    expect(scanStatus(option, { status: 'open', payments: [] })).toEqual({
      kind: 'waiting',
      text: 'Waiting for payment',
    })
  })

  it('counts a pending payment the server found on the option network (no option yet) as seen', () => {
    expect(scanStatus(option, { status: 'open', payments: [payment] }).kind).toBe('seen')
    expect(scanStatus(option, { status: 'open', payments: [{ ...payment, caipNetworkId: 'eip155:31338' }] }).kind).toBe(
      'waiting',
    )
    expect(scanStatus(option, { status: 'open', payments: [{ ...payment, optionId: 'opt_other' }] }).kind).toBe(
      'waiting',
    )
  })

  it('says seen, confirming n/m for a confirming payment of this option, never beyond m', () => {
    const confirming = { ...payment, status: 'confirming' as const, optionId: 'opt_1', confirmations: 1 }
    expect(scanStatus(option, { status: 'open', payments: [confirming] })).toMatchObject({
      kind: 'confirming',
      text: 'Seen, confirming 1/2',
    })
    expect(scanStatus(option, { status: 'open', payments: [{ ...confirming, confirmations: 5 }] }).text).toBe(
      'Seen, confirming 2/2',
    )
    // Two on their way: the one furthest behind.
    expect(
      scanStatus(option, {
        status: 'open',
        payments: [
          { ...confirming, confirmations: 1 },
          { ...confirming, id: 'pay_2', confirmations: 0 },
        ],
      }).text,
    ).toBe('Seen, confirming 0/2')
  })

  it('ignores a confirming payment of another option and late payments', () => {
    const other = { ...payment, status: 'confirming' as const, optionId: 'opt_2', confirmations: 1 }
    const late = { ...payment, status: 'pending' as const, late: true }
    expect(scanStatus(option, { status: 'open', payments: [other, late] }).kind).toBe('waiting')
  })

  it('says what is still due after a partial payment', () => {
    expect(scanStatus({ ...option, paid: '0.001' }, { status: 'partially_paid', payments: [] })).toEqual({
      kind: 'partial',
      text: 'Received 0.001 of 0.004 ETH: 0.003 ETH still to pay',
    })
  })

  it('is paid once the link is paid or the option is paid in full', () => {
    expect(scanStatus(option, { status: 'paid', payments: [] }).kind).toBe('paid')
    expect(scanStatus({ ...option, paid: '0.004' }, { status: 'open', payments: [] }).text).toBe('Paid')
  })

  it('says when a transaction found for the option did not count, and why', () => {
    const refused = { ...payment, status: 'failed' as const, reason: 'wrong_token' as const, optionId: 'opt_1' }
    expect(scanStatus(option, { status: 'open', payments: [refused] })).toEqual({
      kind: 'waiting',
      text: 'Waiting for payment',
      note: 'A transaction was found that does not pay this link. The transaction moved a token this link does not accept.',
    })
    expect(scanStatus(option, { status: 'open', payments: [{ ...refused, optionId: 'opt_other' }] })).toEqual({
      kind: 'waiting',
      text: 'Waiting for payment',
    })
  })
})
