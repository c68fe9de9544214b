import { paymentsCsvColumns } from '@paylink/shared'
import { count } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { payments } from '../db/schema.js'
import { merchantOf } from '../merchants/merchant.js'
import {
  bearer,
  expectQueriesRefused,
  useMerchantApp,
  ethOrTusdLink,
  insertPaymentRow,
  merchantAddress,
  merchantApiKey,
  otherMerchantAddress,
} from '../testing/merchantApi.js'
import { offlineAssets } from '../testing/offlineApp.js'
import { streamPaymentsCsv } from './streamPaymentsCsv.js'

const merchantApp = useMerchantApp({}, 'csv')
const merchant = merchantOf({ namespace: 'eip155', address: merchantAddress })
const [eth, tusd] = [offlineAssets[0]!, offlineAssets[1]!]
const payer = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

/** A CSV reader written from RFC 4180 for this test (independent of the writer). */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let i = 0
  let quoted = false
  while (i < text.length) {
    const c = text[i]!
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i += 2
    } else if (quoted && c === '"') {
      quoted = false
      i++
    } else if (quoted) {
      field += c
      i++
    } else if (c === '"') {
      quoted = true
      i++
    } else if (c === ',') {
      record.push(field)
      field = ''
      i++
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i += 2
    } else {
      field += c
      i++
    }
  }
  expect(field === '' && record.length === 0, 'the text ends with CRLF').toBe(true)
  return records
}

interface Fixture {
  linkId: string
  title: string
}

/**
 * Links through the API, payments written as rows (a fixture: the tracker writes these rows in
 * the app), so statuses and times are chosen exactly.
 */
async function createLinkWithPayments(
  title: string,
  rows: Array<{ status: string; createdAt: string; amount?: string; asset?: 'eth' | 'tusd'; reason?: string }>,
  apiKey = merchantApp.key,
): Promise<Fixture> {
  const { linkId, options } = await ethOrTusdLink(merchantApp.app, merchantApp.context.database, apiKey, title)
  const optionOf = (asset: 'eth' | 'tusd') => options.find((o) => o.assetId === (asset === 'eth' ? eth : tusd).assetId)!
  let n = 0
  for (const row of rows) {
    const option = optionOf(row.asset ?? 'eth')
    const confirmed = row.status === 'confirmed'
    await insertPaymentRow(merchantApp.context.database, option, {
      txHash: `0x${(++n).toString(16).padStart(2, '0')}${linkId
        .slice(4, 20)
        .replace(/[^0-9a-f]/gi, 'a')
        .toLowerCase()}`.padEnd(66, '0'),
      status: row.status,
      reason: row.reason ?? null,
      amount: row.amount ? (BigInt(row.amount) * 10n ** BigInt(option.decimals - 2)).toString() : null,
      payer: row.amount ? payer : null,
      confirmations: confirmed ? 3 : 0,
      requiredConfirmations: 3,
      createdAt: new Date(row.createdAt),
      detectedAt: row.amount ? new Date(Date.parse(row.createdAt) + 1000) : null,
      confirmedAt: confirmed ? new Date(Date.parse(row.createdAt) + 60_000) : null,
    })
  }
  return { linkId, title }
}

const csv = async (query = '', headers: Record<string, string> = bearer(merchantApp.key)) =>
  merchantApp.app.inject({ method: 'GET', url: `/api/payments.csv${query}`, headers })

let mugs: Fixture
let hostile: Fixture

beforeAll(async () => {
  // amounts in hundredths of the asset: 50 -> 0.5
  mugs = await createLinkWithPayments('Mugs, "large"', [
    { status: 'confirmed', createdAt: '2025-01-10T10:00:00.000Z', amount: '50' },
    { status: 'failed', createdAt: '2025-01-11T10:00:00.000Z', reason: 'wrong_recipient' },
    { status: 'confirming', createdAt: '2025-02-01T00:00:00.000Z', amount: '1200', asset: 'tusd' },
  ])
  hostile = await createLinkWithPayments('=HYPERLINK("http://evil.example")', [
    { status: 'confirmed', createdAt: '2025-03-01T00:00:00.000Z', amount: '1200', asset: 'tusd' },
  ])
  // Another merchant's payment never shows.
  const otherKey = await merchantApiKey(merchantApp.context.database, 'x', otherMerchantAddress)
  await createLinkWithPayments(
    'Not mine',
    [{ status: 'confirmed', createdAt: '2025-01-15T00:00:00.000Z', amount: '50' }],
    otherKey,
  )
}, 30_000)

describe('GET /api/payments.csv', () => {
  it("answers every payment of the merchant, oldest first, with a header row, as an attachment, and none of another merchant's", async () => {
    const response = await csv()
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="paylink-payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const [header, ...records] = parseCsv(response.body)
    expect(header).toEqual([...paymentsCsvColumns])
    const rows = records.map((record) => Object.fromEntries(header!.map((name, i) => [name, record[i]])))
    expect(rows.map((row) => [row.link_title, row.status, row.created_at])).toEqual([
      ['Mugs, "large"', 'confirmed', '2025-01-10T10:00:00.000Z'],
      ['Mugs, "large"', 'failed', '2025-01-11T10:00:00.000Z'],
      ['Mugs, "large"', 'confirming', '2025-02-01T00:00:00.000Z'],
      [`'=HYPERLINK("http://evil.example")`, 'confirmed', '2025-03-01T00:00:00.000Z'],
    ])
    expect(rows[0]).toMatchObject({
      link_id: mugs.linkId,
      network: 'eip155:31337',
      asset: eth.assetId,
      symbol: 'ETH',
      amount: '0.5',
      payer,
      transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      reason: '',
      confirmations: '3',
      required_confirmations: '3',
      late: 'false',
      detected_at: '2025-01-10T10:00:01.000Z',
      confirmed_at: '2025-01-10T10:01:00.000Z',
    })
    expect(rows[1]).toMatchObject({
      amount: '',
      payer: '',
      reason: 'wrong_recipient',
      detected_at: '',
      confirmed_at: '',
    })
    expect(rows[2]).toMatchObject({ symbol: 'TUSD', amount: '12', asset: tusd.assetId })
    expect(rows[3]!.link_id).toBe(hostile.linkId)
  })

  it('filters by from (inclusive), to (exclusive) and status', async () => {
    const titlesAndTimes = async (query: string) => {
      const response = await csv(query)
      expect(response.statusCode, response.body).toBe(200)
      return parseCsv(response.body)
        .slice(1)
        .map((record) => record[paymentsCsvColumns.indexOf('created_at')])
    }
    expect(await titlesAndTimes('?from=2025-01-11T10:00:00.000Z')).toEqual([
      '2025-01-11T10:00:00.000Z',
      '2025-02-01T00:00:00.000Z',
      '2025-03-01T00:00:00.000Z',
    ])
    expect(await titlesAndTimes('?to=2025-02-01')).toEqual(['2025-01-10T10:00:00.000Z', '2025-01-11T10:00:00.000Z'])
    expect(await titlesAndTimes('?from=2025-01-11&to=2025-03-01T00:00:00Z&status=confirming')).toEqual([
      '2025-02-01T00:00:00.000Z',
    ])
    expect(await titlesAndTimes('?status=confirmed')).toEqual(['2025-01-10T10:00:00.000Z', '2025-03-01T00:00:00.000Z'])
    expect(await titlesAndTimes('?status=reverted')).toEqual([])
  })

  it('refuses bad filters with 400 naming the field, and callers without a session or key with 401', async () => {
    const cases: Array<[string, string]> = [
      ['?from=yesterday', 'query.from'],
      ['?from=2025-13-40', 'query.from'],
      ['?to=2025-01-01T10:00:00', 'query.to'],
      ['?from=2025-02-01&to=2025-01-01', 'query.to'],
      ['?from=2025-02-01&to=2025-02-01', 'query.to'],
      ['?status=paid', 'query.status'],
      ['?format=xlsx', 'query'],
    ]
    await expectQueriesRefused(cases, (query) => csv(query))
    const anonymous = await csv('', {})
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 'UNAUTHENTICATED'])
  })

  it('reads page by page: every payment once across page boundaries, even with equal times', async () => {
    const many = await createLinkWithPayments(
      'Bulk',
      Array.from({ length: 23 }, (_, i) => ({
        status: 'confirmed',
        createdAt: `2025-04-01T00:00:${String(Math.floor(i / 4)).padStart(2, '0')}.000Z`,
        amount: '50',
      })),
    )
    const [{ n }] = (await merchantApp.context.database.db.select({ n: count() }).from(payments)) as [{ n: number }]
    let text = ''
    for await (const chunk of streamPaymentsCsv({
      db: merchantApp.context.database.db,
      merchant,
      query: {},
      assets: offlineAssets,
      pageSize: 5,
    }))
      text += chunk
    const records = parseCsv(text).slice(1)
    expect(records).toHaveLength(n - 1)
    expect(new Set(records.map((record) => record[0])).size).toBe(records.length)
    expect(records.filter((record) => record[1] === many.linkId)).toHaveLength(23)
    expect(text).toBe((await csv()).body)
  })
})
