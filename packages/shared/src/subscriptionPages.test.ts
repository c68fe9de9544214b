import { describe, expect, it } from 'vitest'
import { monthlyRecurringRevenue } from './subscriptionPages.js'

describe('monthlyRecurringRevenue', () => {
  it('sums each currency in exact digits: a week is 30/7 of itself, a year 30/365, rounded once', () => {
    expect(
      monthlyRecurringRevenue([
        { currency: 'USD', assetId: null, decimals: 2, amount: '10.00', interval: 'month' },
        { currency: 'USD', assetId: null, decimals: 2, amount: '7.00', interval: 'week' },
        { currency: 'USD', assetId: null, decimals: 2, amount: '365.00', interval: 'year' },
        { currency: 'TUSD', assetId: 'eip155:1/erc20:0xa', decimals: 6, amount: '0.000001', interval: 'day' },
        { currency: 'TUSD', assetId: 'eip155:1/erc20:0xa', decimals: 6, amount: '0.1', interval: 'year' },
      ]),
    ).toEqual([
      // 0.000001 × 30 + 0.1 × 30/365 = 0.00003 + 0.008219178… -> 0.008249
      { currency: 'TUSD', assetId: 'eip155:1/erc20:0xa', amount: '0.008249', subscriptions: 2 },
      // 10 + 30 + 30
      { currency: 'USD', assetId: null, amount: '70', subscriptions: 3 },
    ])
  })
})
