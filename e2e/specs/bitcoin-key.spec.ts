import { HDKey } from '@scure/bip32'
import { expect, signInOnDashboard, test } from '../support/fixtures.js'

// BIP84's published test account key (zpub6rFR7y4Q2Aij…), with tpub version bytes for test networks.
const tpub =
  'tpubDCxX2sYFS5bDkSe5GKKYHjBW7tgyN1R3UchpLJvdbf54ohxeGRtd8MbDUe1cguVHe4vnK68DsuD5MXjxi9EXx16rb9EnNsaF5KT99CinaJz'

test.describe('Settings -> Bitcoin receiving key', () => {
  test('refuses a private key with a clear error, saves a watch-only key (shortened, next index), and removes it', async ({
    page,
  }) => {
    await signInOnDashboard(page)

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click()
    await expect(page.getByRole('heading', { name: 'Bitcoin receiving key' })).toBeVisible()
    await expect(page.getByText('No key saved yet')).toBeVisible()

    const input = page.getByLabel('Watch-only key')
    await page.getByRole('button', { name: 'Save key' }).click()
    await expect(page.locator('#bitcoin-key-error')).toHaveText('Watch-only key is required')

    // A key made here from a fixed test seed: private, so refused, and the error sits under the field.
    await input.fill(HDKey.fromMasterSeed(new Uint8Array(32).fill(5)).privateExtendedKey)
    await page.getByRole('button', { name: 'Save key' }).click()
    await expect(page.locator('#bitcoin-key-error')).toContainText('no spending key is ever accepted')
    await expect(input).toHaveAttribute('aria-invalid', 'true')

    await input.fill(`wpkh(${tpub}/0/*)#qqqqqqqq`)
    await page.getByRole('button', { name: 'Save key' }).click()
    await expect(page.locator('#bitcoin-key-error')).toContainText('checksum')

    await input.fill(tpub)
    await page.getByRole('button', { name: 'Save key' }).click()
    const saved = page.getByTestId('bitcoin-key-saved')
    await expect(saved).toContainText(`wpkh(${tpub.slice(0, 10)}…${tpub.slice(-8)}/0/*)#`)
    await expect(page.getByTestId('bitcoin-key-next-index')).toContainText('0')
    await expect(page.getByRole('status').filter({ hasText: 'Key saved.' })).toBeVisible()

    await page.reload()
    await expect(saved).toBeVisible()
    await saved.getByRole('button', { name: 'Remove key' }).click()
    const confirm = saved.getByRole('button', { name: 'Yes, remove' })
    await expect(confirm).toBeFocused()
    await confirm.click()
    await expect(page.getByText('No key saved yet')).toBeVisible()
  })
})
