import { createWalletClient, http, parseEther, toHex } from 'viem'
import { expect, signInOnDashboard, test } from '../support/fixtures.js'
import { createLinkThroughApi } from '../support/merchantApi.js'
import { eventOf, startWebhookReceiver } from '../support/webhookReceiver.js'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** anvil's unlocked account 1: pays from the test process, not through the page. */
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// Its own server: the first test starts from a merchant with no links yet.
test.use({ serverOptions: { label: 'dashboard: a merchant with no links yet' } })

test.describe('merchant dashboard', () => {
  test('create a two-option link, share it, see it paid live and its webhooks redelivered', async ({
    page,
    paylink,
    receiver,
  }) => {
    test.setTimeout(150_000)
    // It fails with 500 until told to accept.
    receiver.answerWith(500)
    await signInOnDashboard(page)
    await expect(page.getByText('No payment links yet.')).toBeVisible()
    await page.getByRole('link', { name: 'Create your first link' }).click()
    await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible()

    await page.getByLabel('Title').fill('Order 1042')
    await page.getByLabel('Description (optional)').fill('Two mugs, one teapot')
    const first = page.getByTestId('option-0')
    await first.getByLabel('Asset').selectOption({ label: 'Test USD on Paylink Devnet' })
    await expect(first.getByLabel('Recipient address')).toHaveValue(ACCOUNT_0)
    await first.getByLabel('Amount').fill('10.0000001')
    await page.getByRole('button', { name: '+ Add another option' }).click()
    const second = page.getByTestId('option-1')
    await second.getByLabel('Asset').selectOption({ label: 'Ether on Paylink Devnet' })
    await second.getByLabel('Amount').fill('0.004')
    await page.getByLabel('Expires', { exact: true }).selectOption({ label: 'In 24 hours' })

    // The browser's own check (the server's schema): the error sits beside the amount, which gets focus.
    await page.getByRole('button', { name: 'Create link' }).click()
    const amount = first.getByLabel('Amount')
    await expect(first.locator('.field-error')).toHaveText(/TUSD has 6 decimal places; "10.0000001" has more/)
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await expect(amount).toBeFocused()
    await expect(second.locator('.field-error')).toHaveCount(0)

    // A mistake only the server finds comes back beside its field too.
    await amount.fill('10')
    await expect(first.locator('.field-error')).toHaveCount(0)
    await page.getByLabel('Webhook URL (optional)').fill('ftp://127.0.0.1/hook')
    await page.getByRole('button', { name: 'Create link' }).click()
    const webhookField = page.locator('.field', { has: page.getByLabel('Webhook URL (optional)') })
    await expect(webhookField.locator('.field-error')).toContainText('must be an http or https URL')
    await page.getByLabel('Webhook URL (optional)').fill(receiver.url)
    await page.getByRole('button', { name: 'Create link' }).click()

    // The link's page: created note, the secret once, options, pay URL, QR code.
    await expect(page).toHaveURL(/\/dashboard\/links\/lnk_[\w-]+$/)
    const linkId = page.url().split('/').pop()!
    await expect(page.getByRole('heading', { name: 'Order 1042' })).toBeVisible()
    const secret = page.getByTestId('webhook-secret')
    await expect(secret.getByTestId('secret-value')).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/)
    await expect(secret).toContainText('shown only this once')
    await expect(page.getByTestId('link-status')).toHaveText('Open')
    const options = page.getByTestId('options-table')
    await expect(options).toContainText('10 TUSD')
    await expect(options).toContainText('0.004 ETH')
    await expect(options).toContainText('Test USD on Paylink Devnet')
    await expect(page.getByTestId('pay-url')).toHaveValue(`${paylink.origin}/pay/${linkId}`)
    await expect(page.getByTestId('pay-qr').locator('svg[role="img"] path')).toHaveAttribute('d', /^M\d/)
    await expect(page.getByText('No payments yet.')).toBeVisible()
    await expect(page.getByText('No events yet')).toBeVisible()

    // The secret is not shown again after leaving the page; the list has the link as open.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payment links' }).click()
    const row = page.getByTestId(`link-row-${linkId}`)
    await expect(row).toContainText('Order 1042')
    await expect(row).toContainText('Open')
    await expect(row).toContainText('10 TUSD')
    await expect(row).toContainText('0.004 ETH')
    await row.getByRole('link', { name: 'Order 1042' }).click()
    await expect(page.getByTestId('link-status')).toHaveText('Open')
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0)

    // Pay 0.004 ETH from anvil's account 1 through the server's devnet RPC proxy, then tell Paylink.
    const rpc = `${paylink.origin}/devnet/rpc/31337`
    const wallet = createWalletClient({
      chain: {
        id: 31337,
        name: 'Paylink Devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpc] } },
      },
      transport: http(rpc),
    })
    const txHash = await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: ACCOUNT_1, to: ACCOUNT_0, value: toHex(parseEther('0.004')) }],
    })
    const submitted = await fetch(`${paylink.origin}/api/links/${linkId}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ caipNetworkId: 'eip155:31337', txHash }),
    })
    expect(submitted.status).toBe(202)

    // The page follows the link's event stream: the payment, then paid.
    const payment = page.getByTestId(`payment-${txHash}`)
    await expect(payment).toContainText('0.004 ETH')
    await expect(payment).toContainText(/0x7099…79c8/i)
    await expect(payment).toContainText('Confirmed')
    await expect(payment).toContainText('confirmed')
    await expect(page.getByTestId('link-status')).toHaveText('Paid')
    await expect(page.getByText('● Live')).toBeVisible()

    // Webhooks: each event was tried once and refused with 500; a redelivery after the fix gets 200.
    const paid = page.getByTestId('delivery-link.paid')
    await expect(paid.getByTestId('status-code')).toHaveText('500')
    await expect(paid).toContainText('Retrying')
    await expect(page.getByTestId('delivery-payment.confirmed')).toBeVisible()
    const paidEvent = receiver.received.find((r) => eventOf(r).type === 'link.paid')!
    expect(paidEvent.answered).toBe(500)
    receiver.answerWith(200)
    const redelivered = page.waitForResponse((r) => r.url().includes('/redeliver') && r.request().method() === 'POST')
    await paid.getByRole('button', { name: 'Redeliver' }).click()
    expect((await redelivered).status()).toBe(202)
    await expect(paid.getByTestId('status-code')).toHaveText('200')
    await expect(paid).toContainText('Delivered')
    expect(receiver.received.filter((r) => eventOf(r).id === eventOf(paidEvent).id).map((r) => r.answered)).toContain(
      200,
    )

    // Back on the list, the link is paid with its total.
    await page.getByRole('link', { name: '← Payment links' }).click()
    await expect(row).toContainText('Paid')
    await expect(row).toContainText('0.004 paid')
  })

  test('API keys: the token is shown once, works as a Bearer token, and stops working once revoked', async ({
    page,
    paylink,
  }) => {
    await signInOnDashboard(page)
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API keys' }).click()
    await expect(page.getByText('No API keys yet.')).toBeVisible()

    await page.getByRole('button', { name: 'Create key' }).click()
    await expect(page.locator('#api-key-name-error')).toHaveText('Key name is required')
    await page.getByLabel('Key name').fill('Shop backend')
    await page.getByRole('button', { name: 'Create key' }).click()
    const shown = page.getByTestId('api-key-token')
    await expect(shown).toContainText('shown only this once')
    const token = (await shown.getByTestId('secret-value').textContent())!
    expect(token).toMatch(/^plk_/)
    const row = page.getByTestId('api-key-Shop backend')
    await expect(row).toContainText(token.slice(0, 8))
    await expect(row).toContainText('Never')

    const withKey = () => fetch(`${paylink.origin}/api/links`, { headers: { authorization: `Bearer ${token}` } })
    const made = await fetch(`${paylink.origin}/api/links`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Made with a key', options: [{ asset: 'eip155:31337/slip44:60', amount: '0.5' }] }),
    })
    expect(made.status).toBe(201)
    const ok = await withKey()
    expect(ok.status).toBe(200)
    const { links } = (await ok.json()) as { links: Array<{ title: string; merchantAddress: string }> }
    expect(links.find((l) => l.title === 'Made with a key')?.merchantAddress).toBe(ACCOUNT_0)

    await shown.getByRole('button', { name: 'I have saved it' }).click()
    await expect(shown).toHaveCount(0)
    await page.reload()
    await expect(row).toBeVisible()
    await expect(page.getByTestId('api-key-token')).toHaveCount(0)
    await expect(row).not.toContainText('Never')

    await row.getByRole('button', { name: 'Revoke Shop backend' }).click()
    const confirm = row.getByRole('button', { name: 'Yes, revoke' })
    await expect(confirm).toBeFocused()
    await confirm.click()
    await expect(row).toHaveCount(0)
    await expect(page.getByText('No API keys yet.')).toBeVisible()
    expect((await withKey()).status).toBe(401)
    // The key's link is the merchant's like any other.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payment links' }).click()
    await expect(page.getByTestId('links-table')).toContainText('Made with a key')
  })

  test("a link's webhook URL is added, corrected (the waiting event follows) and removed", async ({ page }) => {
    const wrong = await startWebhookReceiver(500)
    const right = await startWebhookReceiver()
    try {
      await signInOnDashboard(page)
      const input = page.getByLabel('Webhook URL', { exact: true })
      const save = page.getByRole('button', { name: 'Save' })

      // A link without a webhook: its first URL brings the signing secret, shown once.
      const plain = await createLinkThroughApi(page, {
        title: 'No hook yet',
        options: [{ asset: 'eip155:31337/slip44:60', amount: '1' }],
      })
      await page.goto(`/dashboard/links/${plain.id}`)
      await expect(page.getByText('This link has no webhook URL')).toBeVisible()
      await page.getByRole('button', { name: 'Add a webhook URL' }).click()
      await expect(input).toBeFocused()
      await input.fill('ftp://127.0.0.1/hook')
      await save.click()
      await expect(page.locator('.field-error')).toHaveText('Webhook URL must be an http or https URL')
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      // What only the server refuses comes back beside the field too.
      await input.fill('http://user:secret@127.0.0.1/hook')
      await save.click()
      await expect(page.locator('.field-error')).toHaveText('Webhook URL must not contain credentials')
      await input.fill(right.url)
      await save.click()
      await expect(page.getByTestId('webhook-url')).toHaveText(right.url)
      await expect(page.getByTestId('webhook-secret').getByTestId('secret-value')).toHaveText(
        /^whsec_[A-Za-z0-9+/]{43}=$/,
      )
      await page.getByRole('button', { name: 'I have saved it' }).click()
      await expect(page.getByTestId('webhook-secret')).toHaveCount(0)

      // A link with a wrong URL: its expiry event waits for a retry; after the fix it follows.
      const hooked = await createLinkThroughApi(page, {
        title: 'Wrong hook',
        options: [{ asset: 'eip155:31337/slip44:60', amount: '1' }],
        webhookUrl: wrong.url,
        expiresInSeconds: 1,
      })
      await page.goto(`/dashboard/links/${hooked.id}`)
      const expired = page.getByTestId('delivery-link.expired')
      await expect(expired.getByTestId('status-code')).toHaveText('500')
      await expect(expired).toContainText('Retrying')
      await page.getByRole('button', { name: 'Change URL' }).click()
      await expect(input).toHaveValue(wrong.url)
      await input.fill(right.url)
      await save.click()
      await expect(page.getByTestId('webhook-url')).toHaveText(right.url)
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
        'Saved: events, including those still waiting, go to this URL.',
      )
      await expect(page.getByTestId('webhook-secret')).toHaveCount(0) // the secret stays the same
      await expired.getByRole('button', { name: 'Redeliver' }).click()
      await expect(expired.getByTestId('status-code')).toHaveText('200')
      await expect(expired).toContainText('Delivered')
      // The same event each time (the worker's own retry, 8-12 s after the first try, may also
      // have reached either URL on a slow machine).
      const expiredEvent = eventOf(wrong.received[0]!)
      expect(expiredEvent.type).toBe('link.expired')
      expect(right.received.length).toBeGreaterThanOrEqual(1)
      for (const r of [...wrong.received, ...right.received]) expect(eventOf(r).id).toBe(expiredEvent.id)
      const sentToRight = right.received.length

      // Removing asks first; then no URL, the history stays, and a redelivery says why not.
      await page.getByRole('button', { name: 'Remove…' }).click()
      await page.getByRole('button', { name: 'Keep it' }).click()
      await expect(page.getByTestId('webhook-url')).toHaveText(right.url)
      await page.getByRole('button', { name: 'Remove…' }).click()
      await expect(page.getByRole('button', { name: 'Remove webhook' })).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.getByText('This link has no webhook URL')).toBeVisible()
      await expect(page.getByTestId('webhook-notice')).toHaveText('Removed: this link sends no more events.')
      await expect(expired).toContainText('Delivered')
      await expired.getByRole('button', { name: 'Redeliver' }).click()
      await expect(expired.getByRole('alert')).toContainText('has no webhook URL')
      expect(right.received).toHaveLength(sentToRight)
    } finally {
      await Promise.all([wrong.close(), right.close()])
    }
  })
})
