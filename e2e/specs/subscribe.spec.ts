import { devWalletSolanaKey } from '@paylink/devnet/wallet'
import { payConnectedCheckout } from '../support/checkoutPayer.js'
import {
  expect,
  pickDevWalletEvm,
  pickDevWalletOn,
  signInOnDashboard,
  signInWithDevWallet,
  test,
} from '../support/fixtures.js'
import { assetOn, createPlanThroughApi, devnetAssets } from '../support/merchantApi.js'
import { solanaTokenAccounts } from '../support/solanaTokenAccounts.js'

/** anvil's account 2: the merchant's receiving address, not the payer's Dev Wallet. */
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

test.describe('subscriptions (issue #33)', () => {
  test('a payer at 390 px subscribes with automatic renewal from the Dev Wallet, pays the first month to Paid, then cancels on the manage page', async ({
    page,
    newWalletContext,
  }) => {
    test.setTimeout(150_000)
    await signInOnDashboard(page)
    const { tusd } = await devnetAssets(page)
    const plan = await createPlanThroughApi(page, {
      name: 'Coffee club',
      options: [{ asset: tusd, amount: '3', recipient: RECIPIENT }],
      interval: 'month',
    })

    const payer = await (await newWalletContext()).newPage()
    await payer.setViewportSize({ width: 390, height: 844 })
    await payer.goto(`/subscribe/${plan.id}`)
    await expect(payer.getByTestId('plan-name')).toHaveText('Coffee club')
    await expect(payer.getByTestId('plan-options')).toContainText('3 TUSD every month')
    await payer.getByLabel('Your email').fill('payer@example.com')
    await payer.getByRole('radio', { name: /Automatic/ }).check()
    // The cap and the interval in words before anything is approved.
    await expect(payer.getByTestId('subscribe-consent')).toContainText(
      'at most 3 TUSD from this wallet once every month',
    )
    await expect(payer.getByTestId('subscribe-consent')).toContainText('up to 36 TUSD in all (12 renewals)')
    await payer.screenshot({ path: 'docs/screenshots/subscribe-390.png', fullPage: true })

    await payer.getByTestId('pay-connect').click()
    const approve = payer.getByTestId('subscribe-approve')
    await pickDevWalletEvm(payer, approve)
    const subscribed = payer.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/plans\/[^/]+\/subscriptions$/.test(r.url()),
    )
    await approve.click()
    const { id, manageToken } = (await (await subscribed).json()) as { id: string; manageToken: string }

    // The terms and the allowance are on the chain: the first month's checkout, paid from the same wallet.
    await expect(payer).toHaveURL(/\/pay\/[^/]+$/, { timeout: 30_000 })
    await payConnectedCheckout(payer)
    await expect(payer.getByTestId('receipt-amount')).toHaveText('3 TUSD', { timeout: 30_000 })

    const managePage = `/subscriptions/${id}?token=${encodeURIComponent(manageToken)}`
    await payer.goto(managePage)
    await expect(payer.getByTestId('subscription-status')).toHaveText('Active', { timeout: 15_000 })
    await expect(payer.getByTestId('subscription-next')).toContainText('Next renewal:')
    await expect(payer.getByTestId('period-link')).toHaveText('Receipt')
    await expect(payer.getByTestId('allowance-section')).toContainText('at most 3 TUSD once every month')
    await expect(payer.getByTestId('revoke-allowance')).toBeVisible()
    expect(await payer.evaluate(() => document.documentElement.scrollWidth), 'fits 390 px').toBe(390)
    await payer.screenshot({ path: 'docs/screenshots/manage-390.png', fullPage: true })
    // The merchant's books: the plan's subscribe URL, the subscriber Active, MRR in the plan's asset.
    await page.goto('/dashboard/plans')
    await expect(page.getByTestId(`plan-${plan.id}`)).toContainText(`/subscribe/${plan.id}`)
    await page.getByRole('link', { name: 'Subscriptions' }).click()
    await expect(page.getByTestId(`subscription-${id}`)).toContainText('Active')
    await expect(page.getByTestId('mrr-row')).toHaveText('3 TUSD from 1 active subscription')

    await payer.getByTestId('revoke-allowance').click()
    await expect(payer.getByTestId('allowance-revoked')).toBeVisible({ timeout: 30_000 })
    await payer.getByTestId('cancel-subscription').click()
    await payer.getByTestId('cancel-confirm').click()
    await expect(payer.getByTestId('subscription-status')).toHaveText('Canceled')
    await expect(payer.getByTestId('subscription-next')).toContainText('Nothing more will be charged')
    expect(await (await page.request.get('/api/subscriptions/mrr')).json()).toEqual({ mrr: [] })
    // The manage page in the payer's language (issue #34): Spanish from ?lang=.
    await payer.goto(`${managePage}&lang=es`)
    await expect(payer.getByTestId('subscription-status')).toHaveText('Cancelada')
  })
})

test.describe('subscriptions on Solana (issue #33)', () => {
  // The Dev Wallet as the demo's payer has it, no injected test wallet.
  test.use({ testWallets: {} })

  test('automatic renewal on a Solana Test USD plan: the Dev Wallet approves the collector key as delegate of twelve periods, the manage page revokes it', async ({
    page,
    newWalletContext,
  }) => {
    test.setTimeout(150_000)
    await signInWithDevWallet(page)
    const solanaTusd = await assetOn(page, 'Paylink Solana Devnet', 'TUSD')
    const mint = solanaTusd.split('/token:')[1]!
    const payerAddress = devWalletSolanaKey(0).address
    const merchant = devWalletSolanaKey(40).address
    const plan = await createPlanThroughApi(page, {
      name: 'Sol club',
      options: [{ asset: solanaTusd, amount: '2', recipient: merchant }],
      interval: 'month',
    })
    /** The payer's Test USD account as the chain keeps it (delegate and delegatedAmount). */
    const payerTokenAccount = async () => (await solanaTokenAccounts(page.request, payerAddress, mint))[0]!

    const payer = await (await newWalletContext()).newPage()
    await payer.setViewportSize({ width: 390, height: 844 })
    await payer.goto(`/subscribe/${plan.id}`)
    await payer.getByLabel('Your email').fill('sol-payer@example.com')
    await payer.getByRole('radio', { name: /Automatic/ }).check()
    // The Solana sentence: the cap, and that the token program bounds the total (a delegate has no interval).
    const consent = payer.getByTestId('subscribe-consent')
    await expect(consent).toContainText('at most 2 TUSD from this wallet once every month')
    await expect(consent).toContainText('delegate of your token account for up to 24 TUSD in all (12 renewals)')

    await payer.getByTestId('pay-connect').click()
    const approve = payer.getByTestId('subscribe-approve')
    await pickDevWalletOn(payer, 'Solana', approve)
    const subscribed = payer.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/plans\/[^/]+\/subscriptions$/.test(r.url()),
    )
    await approve.click()
    const created = (await (await subscribed).json()) as {
      id: string
      manageToken: string
      collector: { collector: string }
    }
    await expect(payer).toHaveURL(/\/pay\/[^/]+$/, { timeout: 30_000 })
    expect(await payerTokenAccount()).toMatchObject({
      delegate: created.collector.collector,
      delegatedAmount: { amount: '24000000' },
    })

    await payer.goto(`/subscriptions/${created.id}?token=${encodeURIComponent(created.manageToken)}`)
    const allowance = payer.getByTestId('allowance-section')
    await expect(allowance).toContainText('at most 2 TUSD with it once every month')
    await expect(allowance).toContainText(created.collector.collector)
    // The wallet connected for the subscribe step is connected again on this page, as on EVM.
    const revoke = payer.getByTestId('revoke-allowance')
    await expect(revoke).toBeVisible({ timeout: 30_000 })
    await revoke.click()
    await expect(payer.getByTestId('allowance-revoked')).toBeVisible({ timeout: 30_000 })
    expect((await payerTokenAccount()).delegate).toBeUndefined()
  })
})
