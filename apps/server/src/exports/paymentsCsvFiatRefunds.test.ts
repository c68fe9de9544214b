import { paymentsCsvColumns } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { refunds } from '../db/schema.js'
import { bearer, useMerchantApp, createLinkOk, insertPaymentRow, postLink, readLink } from '../testing/merchantApi.js'
import { offlineAssets, tableRates } from '../testing/offlineApp.js'

// The CSV's fiat and refund columns: a USD-priced link quoted at a fixed test rate, a payment
// under that quote and a refund, written as rows (fixtures: the tracker and recordRefund write
// these rows in the app).
const [eth] = [offlineAssets[0]!]
const rates = tableRates(new Map([['ETH:USD', '3000']]))
const merchant = useMerchantApp({ quotes: { rates, ttlSeconds: 900 } }, 'csv')
const context = merchant.context

describe('GET /api/payments.csv fiat and refund columns', () => {
  it('gives the fiat value at the quote, its rate and currency, the refunded sum and the refund transactions; empty fiat fields on a fixed-price link', async () => {
    const { id: linkId } = await createLinkOk(merchant.app, merchant.key, {
      title: 'Mug',
      price: { currency: 'USD', amount: '12' },
      options: [{ asset: eth.assetId }],
    })
    // The checkout's read makes the quote: 12 USD at 3000 = 0.004 ETH.
    const quoted = await readLink(merchant.app, linkId)
    expect(quoted.options[0]).toMatchObject({ amount: '0.004', rate: '3000' })
    const fixed = await postLink(merchant.app, merchant.key, {
      title: 'Fixed',
      options: [{ asset: eth.assetId, amount: '1' }],
    })
    const fixedId = fixed.json().id as string
    const fixedOption = fixed.json().options[0].id as string

    const db = context.database.db
    const at = new Date(Date.now() + 1000)
    const confirmedPayment = (
      id: string,
      option: { id: string; linkId: string },
      amount: string,
      txHash: string,
      createdAt: Date,
    ) =>
      insertPaymentRow(
        context.database,
        { ...option, caipNetworkId: eth.caipNetworkId },
        {
          id,
          txHash,
          status: 'confirmed',
          amount,
          payer: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
          confirmations: 1,
          createdAt,
          minedAt: createdAt,
          confirmedAt: createdAt,
        },
      )
    // 0.0045 ETH under the 3000 quote: worth 13.50, 0.0005 over.
    await confirmedPayment(
      'pay_csvfiat1',
      { id: quoted.options[0].id, linkId },
      '4500000000000000',
      `0x${'c1'.repeat(32)}`,
      at,
    )
    await confirmedPayment(
      'pay_csvfixed1',
      { id: fixedOption, linkId: fixedId },
      '1000000000000000000',
      `0x${'c2'.repeat(32)}`,
      new Date(at.getTime() + 1000),
    )
    const refundTx = `0x${'d1'.repeat(32)}`
    await db.insert(refunds).values({
      caipNetworkId: eth.caipNetworkId,
      txHash: refundTx,
      logIndex: -1,
      id: 'rfd_csv1',
      paymentId: 'pay_csvfiat1',
      linkId,
      amount: '500000000000000',
      sender: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      recipient: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
      blockNumber: 7n,
    })

    const response = await merchant.app.inject({
      method: 'GET',
      url: '/api/payments.csv',
      headers: bearer(merchant.key),
    })
    expect(response.statusCode, response.body).toBe(200)
    const [header, ...records] = response.body
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','))
    expect(header).toEqual([...paymentsCsvColumns])
    const rows = records.map((record) => Object.fromEntries(header!.map((name, i) => [name, record[i]])))
    expect(rows.find((row) => row.payment_id === 'pay_csvfiat1')).toMatchObject({
      amount: '0.0045',
      fiat_currency: 'USD',
      fiat_value: '13.50',
      rate: '3000',
      refunded: '0.0005',
      refund_transactions: refundTx,
    })
    expect(rows.find((row) => row.payment_id === 'pay_csvfixed1')).toMatchObject({
      amount: '1',
      fiat_currency: '',
      fiat_value: '',
      rate: '',
      refunded: '0',
      refund_transactions: '',
    })
  })
})
