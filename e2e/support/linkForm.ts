import { expect, type Page } from '@playwright/test'

export interface LinkFormOption {
  /** The asset as the form's select names it, e.g. "Test USD on Paylink Devnet". */
  asset: string
  amount: string
  /** What the merchant types as recipient. */
  recipient?: string
  /** What the form must have put in the recipient field by itself once the asset is chosen ('' for nothing). */
  prefilledRecipient?: string
}

/**
 * Fills option `index` of the New link form (adding the row first when it is not the first one)
 * and returns the row.
 */
export async function fillLinkOption(page: Page, index: number, option: LinkFormOption) {
  if (index > 0) await page.getByRole('button', { name: '+ Add another option' }).click()
  const row = page.getByTestId(`option-${index}`)
  await row.getByLabel('Asset').selectOption({ label: option.asset })
  if (option.prefilledRecipient !== undefined)
    await expect(row.getByLabel('Recipient address')).toHaveValue(option.prefilledRecipient)
  await row.getByLabel('Amount').fill(option.amount)
  if (option.recipient !== undefined) await row.getByLabel('Recipient address').fill(option.recipient)
  return row
}

/** Presses Create link on a filled form and returns the id of the link whose page it opens. */
export async function submitLinkForm(page: Page) {
  await page.getByRole('button', { name: 'Create link' }).click()
  await expect(page).toHaveURL(/\/dashboard\/links\/lnk_[\w-]+$/)
  return page.url().split('/').pop()!
}
