import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { linkOptions, links, payments, receiptEmails } from '../db/schema.js'
import { startSmtpTestServer, type SmtpTestServer } from '../testing/smtpTestServer.js'
import { offlineLinkBody, signInSolana, testOrigin, useOfflineApps } from '../testing/offlineApp.js'

// A real SMTP server on a free loopback port: what it receives is what a mailbox would.
let smtp: SmtpTestServer
let received: ParsedMail[] = []
let smtpUrl = ''
beforeAll(async () => {
  smtp = await startSmtpTestServer()
  received = smtp.received
  smtpUrl = smtp.url
})
afterAll(() => smtp.close())

const context = useOfflineApps({
  siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
})
const txHash = `0x${'ab'.repeat(32)}`
const payer = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The tracker's end state written directly (these tests need no chain): one confirmed payment, the link paid. */
async function markPaid(linkId: string) {
  const db = context.database.db
  const [option] = await db.select().from(linkOptions).where(eq(linkOptions.linkId, linkId))
  await db.insert(payments).values({
    id: `pay_fixture_${linkId.slice(-6)}`,
    linkId,
    caipNetworkId: option!.caipNetworkId,
    txHash,
    status: 'confirmed',
    optionId: option!.id,
    amount: option!.amount,
    payer,
    confirmations: 1,
    requiredConfirmations: 1,
    confirmedAt: new Date(),
  })
  await db
    .update(links)
    .set({ status: 'paid', paidAt: new Date('2026-11-25T12:00:00Z'), version: 99 })
    .where(eq(links.id, linkId))
}

async function setUp(
  withSmtp = true,
  { displayName = 'Bean & Leaf', link = {} }: { displayName?: string; link?: Record<string, unknown> } = {},
) {
  const app = await context.app(
    withSmtp
      ? {
          receiptEmail: { smtpUrl, from: 'Paylink receipts <receipts@localhost>', intervalMs: 100 },
          limits: { receiptEmailRateLimit: { max: 100, timeWindow: 60_000 } },
        }
      : {},
  )
  const { cookie } = await signInSolana(app)
  const headers = { cookie, origin: testOrigin }
  await app.inject({
    method: 'PUT',
    url: '/api/merchant/profile',
    headers,
    payload: { displayName, brandColor: null },
  })
  const created = await app.inject({
    method: 'POST',
    url: '/api/links',
    headers,
    payload: { ...offlineLinkBody('Coffee beans', '1234.5'), ...link },
  })
  return { app, link: created.json() as { id: string; receiptNumber: string } }
}

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for the receipt email')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The payer's "email me the receipt", as the checkout sends it (with the page's language, or without as before). */
const askReceipt = (app: Awaited<ReturnType<typeof setUp>>['app'], linkId: string, email: string, language?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/links/${linkId}/receipt-email`,
    headers: { origin: testOrigin },
    payload: { email, language },
  })

describe('email receipt (POST /api/links/:id/receipt-email)', () => {
  it('keeps the address until the link is paid, then mails the receipt (number, amount, transaction id) and erases the address', async () => {
    const { app, link } = await setUp()
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().receiptEmail).toBe(true)
    const asked = await askReceipt(app, link.id, 'payer@example.test')
    expect([asked.statusCode, asked.json()]).toEqual([202, { status: 'queued' }])
    await new Promise((r) => setTimeout(r, 300))
    expect(received.filter((m) => m.subject?.includes(link.receiptNumber))).toHaveLength(0)

    await markPaid(link.id)
    await until(() => received.some((m) => m.subject?.includes(link.receiptNumber)))
    const mail = received.find((m) => m.subject?.includes(link.receiptNumber))!
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('payer@example.test')
    expect(mail.subject).toBe(`Receipt ${link.receiptNumber}: 1,234.5 TUSD paid to Bean & Leaf`)
    for (const fact of [
      link.receiptNumber,
      'Amount: 1,234.5 TUSD',
      `Transaction: ${txHash}`,
      `From: ${payer}`,
      'Paid to: Bean & Leaf',
      'Date: November 25, 2026 at 12:00 PM UTC',
      `${testOrigin}/pay/${link.id}`,
    ]) {
      expect(mail.text, fact).toContain(fact)
    }
    expect(mail.html).toContain(txHash)
    const [row] = await context.database.db.select().from(receiptEmails).where(eq(receiptEmails.linkId, link.id))
    expect([row!.email, row!.sentAt]).toEqual([null, expect.any(Date)])

    // Paid already: sent during the request.
    const now = await askReceipt(app, link.id, 'again@example.test')
    expect([now.statusCode, now.json()]).toEqual([202, { status: 'sent' }])
    expect(received.filter((m) => m.subject?.includes(link.receiptNumber))).toHaveLength(2)
  })

  it('refuses a bad address, an unknown link, too many waiting addresses, and answers 409 without SMTP', async () => {
    const { app, link } = await setUp()
    const post = (id: string, email: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/links/${id}/receipt-email`,
        headers: { origin: testOrigin },
        payload: { email },
      })
    const bad = await post(link.id, 'not an address')
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'body.email: is not an email address'])
    expect((await post('lnk_AAAAAAAAAAAAAAAAAAAAAA', 'a@example.test')).json().error.code).toBe('LINK_NOT_FOUND')
    for (const n of [1, 2, 3]) expect((await post(link.id, `p${n}@example.test`)).statusCode).toBe(202)
    const fourth = await post(link.id, 'p4@example.test')
    expect([fourth.statusCode, fourth.json().error.code]).toEqual([409, 'TOO_MANY_RECEIPT_EMAILS'])

    const { app: plain, link: other } = await setUp(false)
    const off = await askReceipt(plain, other.id, 'a@example.test')
    expect([off.statusCode, off.json().error.code]).toEqual([409, 'EMAIL_RECEIPTS_OFF'])
    expect((await plain.inject({ method: 'GET', url: '/api/config' })).json().receiptEmail).toBe(false)
  })

  it('is no relay: five addresses asking for a paid link get at most three mails, the same address again within the hour none', async () => {
    const { app, link } = await setUp()
    await markPaid(link.id)
    const ofThisLink = () => received.filter((m) => m.subject?.includes(link.receiptNumber))
    const post = (email: string) => askReceipt(app, link.id, email)
    const answers = []
    for (const n of [1, 2, 3, 4, 5]) answers.push(await post(`reader${n}@example.test`))
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 409, 409])
    expect(answers[3]!.json().error.code).toBe('TOO_MANY_RECEIPT_EMAILS')
    // Give a wrongly queued mail time to go out before counting.
    await new Promise((r) => setTimeout(r, 400))
    expect(ofThisLink()).toHaveLength(3)
    expect(
      ofThisLink()
        .map((m) => (m.to && 'text' in m.to ? m.to.text : ''))
        .sort(),
    ).toEqual(['reader1@example.test', 'reader2@example.test', 'reader3@example.test'])

    // The same address (any case) within the hour: answered as before, no second mail, no new recipient.
    const again = await post('Reader2@Example.test')
    expect([again.statusCode, again.json()]).toEqual([202, { status: 'sent' }])
    await new Promise((r) => setTimeout(r, 400))
    expect(ofThisLink()).toHaveLength(3)
    const rows = await context.database.db.select().from(receiptEmails).where(eq(receiptEmails.linkId, link.id))
    expect(rows.map((r) => r.email)).toEqual([null, null, null])
  })

  it('carries the merchant only as a short plain name in the Subject and the text part', async () => {
    const { app, link } = await setUp(true, {
      displayName: 'WIN \u202e$$$ at spam.example/free now: call@me',
      link: { title: 'Cheap pills at https://spam.example/buy' },
    })
    await markPaid(link.id)
    const asked = await askReceipt(app, link.id, 'plain@example.test')
    expect(asked.statusCode).toBe(202)
    await until(() => received.some((m) => m.subject?.includes(link.receiptNumber)))
    const mail = received.find((m) => m.subject?.includes(link.receiptNumber))!
    expect(mail.subject).toBe(
      `Receipt ${link.receiptNumber}: 1,234.5 TUSD paid to WIN at spam example free now call me`,
    )
    expect(mail.text).toContain('Paid to: WIN at spam example free now call me')
    for (const part of [mail.subject!, mail.text!]) {
      expect(part).not.toContain('spam.example')
      expect(part).not.toContain('\u202e')
      expect(part).not.toContain('pills')
    }
    // The HTML part keeps the title for the payer, escaped.
    expect(mail.html).toContain('Cheap pills at https://spam.example/buy')
  })

  it('is off for a link whose merchant turned it off: 409, and the link says so', async () => {
    const { app, link } = await setUp(true, { link: { receiptEmail: false } })
    const view = (await app.inject({ method: 'GET', url: `/api/links/${link.id}` })).json()
    expect(view.receiptEmail).toBe(false)
    const asked = await askReceipt(app, link.id, 'payer@example.test')
    expect([asked.statusCode, asked.json().error.code]).toEqual([409, 'RECEIPT_EMAIL_OFF_FOR_LINK'])
    const [row] = await context.database.db.select().from(receiptEmails).where(eq(receiptEmails.linkId, link.id))
    expect(row).toBeUndefined()
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const created = doc.paths['/api/links'].post.requestBody.content['application/json'].schema
    expect(JSON.stringify(created)).toContain('"receiptEmail":{"type":"boolean"')
  })
})

describe("receipt email in the payer's language", () => {
  it('writes the subject and body in Arabic and in Chinese with every digit of the amount, and refuses an unknown language', async () => {
    const { app, link } = await setUp(true, { link: offlineLinkBody('Coffee beans', '1234.567891') })
    await markPaid(link.id)
    const ofThisLink = () => received.filter((m) => m.text?.includes(link.receiptNumber))

    const unknown = await askReceipt(app, link.id, 'klingon@example.test', 'tlh')
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([
      400,
      'body.language: is not a language receipts are written in (en, es, pt-BR, fr, de, tr, id, zh-CN, ar)',
    ])

    for (const [language, email] of [
      ['ar', 'arabic@example.test'],
      ['zh-CN', 'chinese@example.test'],
    ] as const) {
      const asked = await askReceipt(app, link.id, email, language)
      expect([asked.statusCode, asked.json()]).toEqual([202, { status: 'sent' }])
    }
    await until(() => ofThisLink().length === 2)
    const to = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '')
    const arabic = ofThisLink().find((m) => to(m) === 'arabic@example.test')!
    const chinese = ofThisLink().find((m) => to(m) === 'chinese@example.test')!
    expect(arabic.subject).toBe(`الإيصال ${link.receiptNumber}: تم دفع 1,234.567891 TUSD إلى Bean & Leaf`)
    expect(arabic.text).toContain('المبلغ: 1,234.567891 TUSD')
    expect(arabic.text).toContain(`المعاملة: ${txHash}`)
    expect(arabic.html).toContain('dir="rtl"')
    expect(chinese.subject).toBe(`收据 ${link.receiptNumber}：已向 Bean & Leaf 支付 1,234.567891 TUSD`)
    expect(chinese.text).toContain('金额：1,234.567891 TUSD')
    expect(chinese.text).toContain('日期：2026年11月25日')
    expect(ofThisLink().map(to)).not.toContain('klingon@example.test')
    const rows = await context.database.db.select().from(receiptEmails).where(eq(receiptEmails.linkId, link.id))
    expect(rows.map((r) => r.language).sort()).toEqual(['ar', 'zh-CN'])
  })
})
