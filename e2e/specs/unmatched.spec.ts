import { devnetWithTusd, sendUnlocked, tusdTransferData } from '../support/devnetEvm.js'
import { expect, signInWithDevWallet, test } from '../support/fixtures.js'
import { fillLinkOption, submitLinkForm } from '../support/linkForm.js'

/** anvil's account 0: the Paylink Dev Wallet's account, the merchant here. */
const MERCHANT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** anvil's account 8: a payer who copied the merchant's address and sent Test USD to it, with no link. */
const PAYER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

// A server of its own: the Unmatched list must hold only this payer's transfer.
test.use({ serverOptions: { label: 'unmatched: a transfer to the main address with no link' } })

test.describe('unmatched payments', () => {
  test("a transfer to the merchant's main address with no link shows in Unmatched; attached to a link, the link turns Paid", async ({
    page,
    paylink,
  }) => {
    test.setTimeout(120_000)
    const { chain, tusd } = await devnetWithTusd(page, paylink.origin)

    // The merchant has a Test USD link (so its address receives Test USD through Paylink).
    await signInWithDevWallet(page)
    const nav = page.getByRole('navigation', { name: 'Dashboard' })
    await nav.getByRole('link', { name: 'New link' }).click()
    await page.getByLabel('Title').fill('Unmatched order')
    await fillLinkOption(page, 0, { asset: 'Test USD on Paylink Devnet', prefilledRecipient: MERCHANT, amount: '4' })
    const linkId = await submitLinkForm(page)

    // The payer sends 4 TUSD straight to the merchant's address: no link's deposit address, nothing posted.
    await sendUnlocked(chain, { from: PAYER, to: tusd, data: tusdTransferData(MERCHANT, '4') })

    // It shows in Unmatched, with its amount and sender.
    await nav.getByRole('link', { name: 'Unmatched' }).click()
    const table = page.getByTestId('unmatched-table')
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click()
      await expect(table).toContainText('4 TUSD', { timeout: 1000 })
    }).toPass({ timeout: 30_000 })
    const row = table.locator('tr[data-testid^="unmatched-row-"]').filter({ hasText: '4 TUSD' })
    await expect(row).toHaveCount(1)
    await expect(row.locator(`code[title="${PAYER.toLowerCase()}"]`)).toBeVisible()

    // On a phone (390 px) the list fits its card (laid out as cards, nothing scrolls sideways).
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(row.getByRole('button', { name: 'Attach to link' })).toBeVisible()
    const card = page.locator('section[aria-labelledby="unmatched-title"]')
    expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    expect((await row.boundingBox())!.width).toBeLessThanOrEqual(390)

    // Attached to the link, it counts there: the link turns Paid.
    await row.getByRole('button', { name: 'Attach to link' }).click()
    await row.getByTestId('unmatched-link').selectOption({ label: 'Unmatched order (open)' })
    await row.getByRole('button', { name: 'Attach', exact: true }).click()
    await expect(row).toContainText('Counted for its link')
    await row.getByRole('link', { name: 'its link' }).click()
    await expect(page).toHaveURL(new RegExp(`/dashboard/links/${linkId}$`))
    const link = (await (await fetch(`${paylink.origin}/api/links/${linkId}`)).json()) as { status: string }
    expect(link.status).toBe('paid')
  })
})
