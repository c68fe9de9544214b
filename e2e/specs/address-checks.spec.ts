import { connectWallet, expect, signInWithTestWallet, test } from '../support/fixtures.js'

/** anvil's account 1, written with its EIP-55 checksum. */
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The same hex digits with one letter's case flipped: EIP-55 says it is mistyped, and re-casing it would pay whoever it names. */
const ACCOUNT_1_RECASED = ACCOUNT_1.replace('C51812dc', 'c51812dc')
const typo = 'This address has a typo (its checksum does not match)'

// Its own server: the Bitcoin part starts from a merchant with no receiving key.
test.use({ serverOptions: { label: 'address checks: a merchant with no Bitcoin key yet' } })

test.describe('addresses on the New link form', () => {
  test('a wrong EIP-55 checksum is refused in the form and by the API; the demo offers the Dev Wallet as Bitcoin receiving key, named from the form', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    await page.goto('/dashboard')
    const modal = await connectWallet(page, 'Paylink Test Wallet')
    // The demo's visitors can configure no project id: the toolkit's alert about it stays out of the dialog.
    await expect(page.locator('w3m-alertbar').filter({ hasText: 'Project ID Not Configured' })).toHaveCount(0)
    await modal.locator('w3m-siwx-sign-message-view').getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible()

    await page.goto('/dashboard/links/new')
    await page.getByLabel('Title').fill('Typo check')
    const option = page.getByTestId('option-0')
    await option.getByLabel('Asset').selectOption({ label: 'Test USD on Paylink Devnet' })
    await option.getByLabel('Amount').fill('10')
    const recipient = option.getByLabel('Recipient address')
    await recipient.fill(ACCOUNT_1_RECASED)
    await page.getByRole('button', { name: 'Create link' }).click()
    await expect(option.locator('.field-error')).toHaveText(new RegExp(typo.replace(/[()]/g, '\\$&')))
    await expect(recipient).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(/\/dashboard\/links\/new$/)

    // The API says the same, and writes nothing.
    const before = ((await (await page.request.get('/api/links')).json()) as { links: unknown[] }).links.length
    const refused = await page.request.post('/api/links', {
      headers: { origin: baseURL! },
      data: {
        title: 'Typo check',
        options: [{ asset: await option.getByLabel('Asset').inputValue(), amount: '10', recipient: ACCOUNT_1_RECASED }],
      },
    })
    expect(refused.status()).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(typo)
    expect(((await (await page.request.get('/api/links')).json()) as { links: unknown[] }).links).toHaveLength(before)

    // In lowercase the address carries no checksum and is taken.
    await recipient.fill(ACCOUNT_1.toLowerCase())
    await page.getByRole('button', { name: 'Create link' }).click()
    await expect(page).toHaveURL(/\/dashboard\/links\/lnk_[\w-]+$/)

    // A BTC link without a receiving key: the error names the Settings page, not an API path.
    await page.goto('/dashboard/links/new')
    await page.getByLabel('Title').fill('Bitcoin order')
    const asset = page.getByTestId('option-0').getByLabel('Asset')
    const btc = await asset.locator('option', { hasText: 'Paylink Bitcoin Devnet' }).getAttribute('value')
    await asset.selectOption(btc!)
    await page.getByTestId('option-0').getByLabel('Amount').fill('0.001')
    await page.getByRole('button', { name: 'Create link' }).click()
    const keyError = page.getByTestId('option-0').locator('.field-error')
    await expect(keyError).toContainText('on the Settings page')
    await expect(keyError).not.toContainText('/api/')

    // /dashboard/settings is the Settings tab; the demo's Dev Wallet gives its Bitcoin account's key in one press.
    await page.goto('/dashboard/settings')
    await expect(page.getByRole('heading', { name: 'Bitcoin receiving key' })).toBeVisible()
    await page.getByTestId('dev-wallet-bitcoin-key').getByRole('button', { name: 'Use as receiving key' }).click()
    await expect(page.getByTestId('bitcoin-key-saved')).toContainText('wpkh(tpub')

    await page.goto('/dashboard/links/new')
    await page.getByLabel('Title').fill('Bitcoin order')
    await page.getByTestId('option-0').getByLabel('Asset').selectOption(btc!)
    await page.getByTestId('option-0').getByLabel('Amount').fill('0.001')
    await page.getByRole('button', { name: 'Create link' }).click()
    await expect(page).toHaveURL(/\/dashboard\/links\/lnk_[\w-]+$/)
  })
})

test.describe('amounts on the New link form', () => {
  test("10^32 TUSD, more than exists, is refused on the amount field and by the API, naming the token's supply; nothing is written", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    await signInWithTestWallet(page)
    const linkCount = async () =>
      ((await (await page.request.get('/api/links')).json()) as { links: unknown[] }).links.length
    const before = await linkCount()

    await page.goto('/dashboard/links/new')
    await page.getByLabel('Title').fill('Too much')
    const option = page.getByTestId('option-0')
    await option.getByLabel('Asset').selectOption({ label: 'Test USD on Paylink Devnet' })
    const amount = option.getByLabel('Amount')
    await amount.fill('1' + '0'.repeat(32))
    await page.getByRole('button', { name: 'Create link' }).click()
    const tooMuch = /is more TUSD than exists: at most [\d,.]+ TUSD \(the token's total supply\)/
    await expect(option.locator('.field-error')).toHaveText(tooMuch)
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(/\/dashboard\/links\/new$/)

    const refused = await page.request.post('/api/links', {
      headers: { origin: baseURL! },
      data: {
        title: 'Too much',
        options: [{ asset: await option.getByLabel('Asset').inputValue(), amount: '1' + '0'.repeat(32) }],
      },
    })
    expect(refused.status()).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(tooMuch)
    expect(await linkCount()).toBe(before)
  })
})

test.describe('the dashboard on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the header is one line of at most 64 px with the account chip, and the page is no wider than the screen', async ({
    page,
  }) => {
    await page.goto('/dashboard')
    await expect(page.locator('header appkit-button')).toBeVisible({ timeout: 45_000 })
    const header = (await page.locator('header.site-header').boundingBox())!
    expect(header.height).toBeLessThanOrEqual(64)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
