import { Webhook } from 'standardwebhooks'
import { erc20Abi, parseUnits, type Address } from 'viem'
import { devnetChain, sendUnlocked, tokenOf, tusdTransferData } from '../support/devnetEvm.js'
import { expect, signInWithDevWallet, test } from '../support/fixtures.js'
import { createLinkThroughApi, devnetAssets } from '../support/merchantApi.js'

/** anvil's account 8: a payer's phone wallet the app never connects to; it overpays by hand. */
const PAYER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

test.describe('refunds (non-custodial: the merchant wallet sends, Paylink records what it reads on chain)', () => {
  test("a refund of an overpayment sent from the merchant's Dev Wallet shows on the dashboard and on the checkout receipt; payment.refunded verifies", async ({
    page,
    paylink,
    context,
    receiver,
  }) => {
    test.setTimeout(180_000)
    const chain = devnetChain(paylink.origin)
    const { tusd } = await devnetAssets(page)
    const token = tokenOf(tusd)

    await signInWithDevWallet(page)
    const link = await createLinkThroughApi<{
      id: string
      webhookSecret: string
      options: Array<{ recipient: string; depositAddress: string }>
    }>(page, { title: 'Refunded mug', options: [{ asset: tusd, amount: '10' }], webhookUrl: receiver.url })
    const merchantWallet = link.options[0]!.recipient as Address

    // Test USD for the payer, and for the merchant's own wallet to refund from (the payment itself waits at the deposit address).
    for (const [address, amount] of [
      [PAYER, '20'],
      [merchantWallet, '5'],
    ] as const) {
      const faucet = await page.request.post('/devnet/faucet', {
        data: { asset: tusd, address, amount },
        headers: { origin: paylink.origin },
      })
      expect(faucet.status(), await faucet.text()).toBeLessThan(300)
    }
    // The payer sends 12.5 for a 10 TUSD link: 2.5 over.
    await sendUnlocked(chain, {
      from: PAYER,
      to: token,
      value: 0n,
      data: tusdTransferData(link.options[0]!.depositAddress as Address, '12.5'),
    })

    const checkout = await context.newPage()
    await checkout.goto(`/pay/${link.id}`)
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 30_000 })

    // The merchant refunds the excess from the dashboard: the Dev Wallet sends 2.5 TUSD back to the payer.
    await page.goto(`/dashboard/links/${link.id}`)
    await page.getByRole('button', { name: 'Refund…' }).click()
    const form = page.getByRole('form', { name: /^Refund payment/ })
    await expect(form.getByLabel(/The excess: 2\.5 TUSD/)).toBeChecked()
    const balanceBefore = await chain.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [PAYER],
    })
    await form.getByRole('button', { name: 'Send refund' }).click()
    const refunds = page.getByTestId('payments-table').locator('[data-testid^="refunds-"]')
    await expect(refunds).toContainText('Refunded 2.5 TUSD', { timeout: 60_000 })
    expect(await chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [PAYER] })).toBe(
      balanceBefore + parseUnits('2.5', 6),
    )

    // The payer's receipt shows it.
    await expect(checkout.getByTestId('receipt-refund')).toContainText('2.5', { timeout: 30_000 })
    await expect(checkout.getByTestId('receipt-refund')).toContainText('TUSD')

    // payment.refunded reached the merchant's backend, signed per Standard Webhooks.
    await expect
      .poll(() => receiver.received.some((d) => d.body.includes('"payment.refunded"')), { timeout: 30_000 })
      .toBe(true)
    const delivery = receiver.received.find((d) => d.body.includes('"payment.refunded"'))!
    const verified = new Webhook(link.webhookSecret).verify(
      delivery.body,
      delivery.headers as Record<string, string>,
    ) as {
      type: string
      data: { payment: { refunded: string; refunds: Array<{ amount: string; recipient: string }> } }
    }
    expect(verified.type).toBe('payment.refunded')
    expect(verified.data.payment.refunded).toBe('2.5')
    expect(verified.data.payment.refunds[0]).toMatchObject({ amount: '2.5', recipient: PAYER.toLowerCase() })
  })
})
