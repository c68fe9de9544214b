import { readFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { connectTestWalletOnCheckout, payConnectedCheckout } from '../support/checkoutPayer.js'
import { expect, signInWithTestWallet, test } from '../support/fixtures.js'
import { fillLinkOption } from '../support/linkForm.js'

// The payer's test wallet is the node's first account, as is the merchant's: the link pays a
// third address so the transfer is a real one.
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

interface Delivery {
  headers: IncomingHttpHeaders
  body: string
}

/** The merchant's side on loopback: a webhook receiver (POST /hook) and a thank-you page (GET /thanks). */
async function startMerchantSite() {
  const deliveries: Delivery[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      if (request.method === 'POST') {
        deliveries.push({ headers: request.headers, body })
        response.writeHead(204).end()
      } else {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><title>Thanks</title><h1>Thanks from the shop</h1>')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

test.describe('merchant feeds: standard webhooks, events, CSV, success page', () => {
  test('a link made in the form with a webhook and a success page is paid; the webhook verifies, the events page and the CSV show it, the checkout continues to the shop', async ({
    page,
    openCheckoutAsPayer,
  }) => {
    test.setTimeout(120_000)
    const shop = await startMerchantSite()
    try {
      await signInWithTestWallet(page)
      await page.goto('/dashboard/links/new')
      await page.getByLabel('Title').fill('Feed mug')
      await fillLinkOption(page, 0, { asset: 'Test USD on Paylink Devnet', amount: '3.25', recipient: RECIPIENT })
      await page.getByLabel('Webhook URL (optional)').fill(`${shop.origin}/hook`)
      await page.getByLabel('Success page URL (optional)').fill(`${shop.origin}/thanks?order=7`)
      await page.getByRole('button', { name: 'Create link' }).click()
      await expect(page.getByTestId('link-status')).toHaveText('Open')
      const secret = (await page.getByTestId('webhook-secret').getByTestId('secret-value').textContent())!
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      const linkId = (await page.getByTestId('pay-url').inputValue()).split('/pay/')[1]!

      const payer = await openCheckoutAsPayer(linkId)
      await connectTestWalletOnCheckout(payer)
      await expect(payer.getByTestId('pay-fee')).toHaveText(/≈/)
      await payConnectedCheckout(payer)

      // The checkout offers the shop, then goes there by itself after 5 s with the link id added.
      const offer = payer.getByTestId('continue-to-merchant')
      await expect(offer.getByRole('link', { name: `Continue to ${new URL(shop.origin).host}` })).toBeVisible()
      await expect(offer).toContainText(/Going there in \d s/)
      await payer.waitForURL((url) => url.origin === shop.origin, { timeout: 15_000 })
      const landed = new URL(payer.url())
      expect([landed.pathname, landed.searchParams.get('order'), landed.searchParams.get('paylink_link_id')]).toEqual([
        '/thanks',
        '7',
        linkId,
      ])
      await expect(payer.getByRole('heading', { name: 'Thanks from the shop' })).toBeVisible()

      // "Stay on this page" keeps the payer on the receipt.
      await payer.goto(`/pay/${linkId}`)
      await expect(payer.getByTestId('receipt')).toBeVisible()
      await payer.getByRole('button', { name: 'Stay on this page' }).click()
      await expect(payer.getByTestId('continue-to-merchant')).toContainText('You are staying on this page.')
      await payer.waitForTimeout(6_000)
      expect(new URL(payer.url()).pathname).toBe(`/pay/${linkId}`)

      // The webhook of link.paid: Standard Webhooks headers, verified with the specification's library.
      await expect
        .poll(() => shop.deliveries.find((d) => JSON.parse(d.body).type === 'link.paid'), { timeout: 20_000 })
        .toBeTruthy()
      const paid = shop.deliveries.find((d) => JSON.parse(d.body).type === 'link.paid')!
      const verified = new Webhook(secret).verify(paid.body, {
        'webhook-id': paid.headers['webhook-id'] as string,
        'webhook-timestamp': paid.headers['webhook-timestamp'] as string,
        'webhook-signature': paid.headers['webhook-signature'] as string,
      }) as { id: string; data: { link: { id: string; successUrl: string } } }
      expect(verified.id).toBe(paid.headers['webhook-id'])
      expect(verified.data.link).toMatchObject({ id: linkId, successUrl: `${shop.origin}/thanks?order=7` })

      // The events page lists link.paid for the link.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Events' }).click()
      const events = page.getByTestId('events-table')
      await expect(events).toBeVisible()
      while (await page.getByTestId('events-load-more').isVisible()) await page.getByTestId('events-load-more').click()
      const paidRow = page.getByTestId('event-row').filter({ hasText: 'link.paid' }).filter({ hasText: 'Feed mug' })
      await expect(paidRow).toHaveCount(1)
      await expect(
        page.getByTestId('event-row').filter({ hasText: 'payment.confirmed' }).filter({ hasText: 'Feed mug' }),
      ).toHaveCount(1)
      await expect(paidRow.locator('td[data-label="Event id"]')).toHaveText(verified.id)

      // Download CSV: the payment's row.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payment links' }).click()
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payments-csv').click()])
      expect(download.suggestedFilename()).toMatch(/^paylink-payments-\d{4}-\d{2}-\d{2}\.csv$/)
      const csv = await readFile((await download.path())!, 'utf8')
      const [header, ...rows] = csv.trimEnd().split('\r\n')
      expect(header!.split(',').slice(0, 3)).toEqual(['payment_id', 'link_id', 'link_title'])
      const row = rows.find((line) => line.includes(linkId))!
      expect(row).toBeTruthy()
      // Cells by their column's name: columns were added since (fiat value, rate, refunds) and may be again.
      const names = header!.split(',')
      const cells = row.split(',')
      const cell = (name: string) => {
        expect(names, `CSV column ${name}`).toContain(name)
        return cells[names.indexOf(name)]
      }
      expect([cell('link_title'), cell('symbol'), cell('amount'), cell('status')]).toEqual([
        'Feed mug',
        'TUSD',
        '3.25',
        'confirmed',
      ])
      expect(cell('transaction')).toMatch(/^0x[0-9a-f]{64}$/)

      // Rotation from the link's page: the new secret shown once; a redelivery carries both signatures.
      await page.goto(`/dashboard/links/${linkId}`)
      await page.getByRole('button', { name: 'Rotate secret…' }).click()
      await page.getByRole('button', { name: 'Rotate secret', exact: true }).click()
      const rotated = (await page.getByTestId('webhook-secret').getByTestId('secret-value').textContent())!
      expect(rotated).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      expect(rotated).not.toBe(secret)
      const before = shop.deliveries.length
      await page.getByTestId('delivery-link.paid').getByRole('button', { name: 'Redeliver link.paid' }).click()
      await expect.poll(() => shop.deliveries.length, { timeout: 20_000 }).toBeGreaterThan(before)
      const again = shop.deliveries.slice(before).find((d) => JSON.parse(d.body).type === 'link.paid')!
      const againHeaders = {
        'webhook-id': again.headers['webhook-id'] as string,
        'webhook-timestamp': again.headers['webhook-timestamp'] as string,
        'webhook-signature': again.headers['webhook-signature'] as string,
      }
      expect(againHeaders['webhook-id']).toBe(verified.id)
      expect(againHeaders['webhook-signature'].split(' ')).toHaveLength(2)
      for (const key of [rotated, secret]) expect(new Webhook(key).verify(again.body, againHeaders)).toBeTruthy()
    } finally {
      await shop.close()
    }
  })
})
