import type { Route } from '@playwright/test'
import { connectWallet, expect, test, withReownProjectId } from '../support/fixtures.js'

/**
 * STAND-IN for Reown's name service (rpc.walletconnect.org): the test browser answers the paths AppKit
 * 1.7.8 calls, with bodies written from the types it reads them as (BlockchainApiController and
 * utils/TypeUtil.ts in packages/controllers at tag @reown/appkit@1.7.8), never from a captured answer.
 */
const TAKEN = {
  name: 'paylink.reown.id',
  registered: 1735689600,
  updated: 1735689600,
  addresses: { '60': { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', created: '1735689600' } },
  attributes: [],
}
const SUGGESTIONS = {
  suggestions: [
    { name: 'paylink-pay.reown.id', registered: false },
    { name: 'paylinkhq.reown.id', registered: false },
  ],
}
const NOT_FOUND = { status: 'FAILED', reasons: [{ name: 'NameNotFound', description: 'Name not found' }] }

async function answerNameService(route: Route, asked: string[]) {
  const url = new URL(route.request().url())
  asked.push(`${route.request().method()} ${url.pathname}${url.search}`)
  if (url.pathname === '/v1/supported-chains')
    return route.fulfill({ json: { http: ['eip155:31337', 'eip155:31338'], ws: [] } })
  if (url.pathname === '/v1/profile/account/paylink') return route.fulfill({ json: TAKEN })
  if (url.pathname.startsWith('/v1/profile/account/')) return route.fulfill({ status: 404, json: NOT_FOUND })
  if (url.pathname.startsWith('/v1/profile/suggestions/')) return route.fulfill({ json: SUGGESTIONS })
  return route.abort('internetdisconnected')
}

test.use(withReownProjectId)

test.describe('spec §2 and §7: RegisterAccountName and the name service', () => {
  test('the view opens by name; a typed name is looked up and suggestions come from the name service', async ({
    page,
  }) => {
    const asked: string[] = []
    await page.route(/^https:\/\/rpc\.walletconnect\.org\/v1\//, (route) => answerNameService(route, asked))
    await page.goto('/toolkit')
    await connectWallet(page, 'Paylink Test Wallet')
    await expect(page.getByTestId('toolkit-eip155-status')).toHaveText('connected')

    await page.getByRole('button', { name: 'Open RegisterAccountName' }).click()
    const view = page.locator('w3m-modal w3m-register-account-name-view')
    await expect(view).toBeVisible()
    await expect(page.getByTestId('toolkit-view')).toHaveText('RegisterAccountName')
    const input = view.locator('wui-ens-input input')

    await input.fill('abc')
    await expect(view).toContainText('Name must be at least 4 characters long')

    // A taken name: the lookup answers, the view says "Registered" and lists the service's suggestions.
    await input.fill('paylink')
    const rows = view.getByTestId('account-name-suggestion')
    await expect(rows.first()).toContainText('paylink')
    await expect(rows.first()).toContainText('Registered')
    await expect(rows.filter({ hasText: 'paylink-pay.reown.id' })).toContainText('Available')
    await expect(rows.filter({ hasText: 'paylinkhq.reown.id' })).toContainText('Available')
    expect(asked).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/v1\/supported-chains\?/),
        expect.stringMatching(/^GET \/v1\/profile\/account\/paylink\?(.*&)?apiVersion=2(&|$)/),
        expect.stringMatching(/^GET \/v1\/profile\/suggestions\/paylink\?(.*&)?zone=reown\.id(&|$)/),
      ]),
    )

    // A free name: the lookup finds nothing (404), the view says "Available".
    await input.fill('paylinkshop')
    await expect(rows.first()).toContainText('paylinkshop')
    await expect(rows.first()).toContainText('Available')
    expect(asked).toEqual(expect.arrayContaining([expect.stringMatching(/^GET \/v1\/profile\/account\/paylinkshop\?/)]))
  })
})
