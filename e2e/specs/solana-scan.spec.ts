import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { expect, test, signInWithTestWallet } from '../support/fixtures.js'
import { assetOn } from '../support/merchantApi.js'
import { fillLinkOption, submitLinkForm } from '../support/linkForm.js'

/** A Solana Pay transfer request as a wallet reads it (spec: recipient in the path; amount in SOL; reference keys). */
function transferOf(uri: string): { recipient: PublicKey; lamports: bigint; references: PublicKey[] } {
  const url = new URL(uri)
  expect(url.protocol).toBe('solana:')
  expect(url.searchParams.get('spl-token'), 'a SOL option carries no spl-token').toBeNull()
  const [whole, fraction = ''] = url.searchParams.get('amount')!.split('.')
  const lamports = BigInt(whole!) * BigInt(LAMPORTS_PER_SOL) + BigInt(fraction.padEnd(9, '0'))
  return {
    recipient: new PublicKey(url.pathname),
    lamports,
    references: url.searchParams.getAll('reference').map((r) => new PublicKey(r)),
  }
}

test.describe('scan to pay on Solana', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a phone wallet pays a SOL link from the Solana Pay QR alone (no connection, nothing posted); the checkout turns Paid at finalized', async ({
    page,
    openCheckoutAsPayer,
  }) => {
    await signInWithTestWallet(page)
    const origin = new URL(page.url()).origin
    const sol = await assetOn(page, 'Paylink Solana Devnet', 'SOL')

    // The merchant (signed in with EVM) creates the link in the New link form, on the demo's
    // Solana devnet, naming a Solana account to be paid at (a fresh one).
    const merchantSolana = Keypair.generate().publicKey.toBase58()
    await page.goto('/dashboard/links/new')
    await page.getByLabel('Title').fill('Solana scan')
    // The signed-in EVM address is no Solana recipient: the field starts empty and says what it wants.
    const option = await fillLinkOption(page, 0, {
      asset: 'Solana on Paylink Solana Devnet',
      prefilledRecipient: '',
      amount: '0.25',
      recipient: '0x' + 'a'.repeat(40),
    })
    await page.getByRole('button', { name: 'Create link' }).click()
    await expect(option.getByText('must be a Solana address (a base58 public key)')).toBeVisible()
    await option.getByLabel('Recipient address').fill(merchantSolana)
    const linkId = await submitLinkForm(page)

    // The payer's checkout shows the Solana Pay QR on the Scan to pay tab.
    const checkout = await openCheckoutAsPayer(linkId)
    await expect(checkout.getByTestId('link-status')).toHaveText('Open')
    await checkout.getByRole('tab', { name: 'Scan to pay' }).click()
    const uri = await checkout.getByTestId('scan-qr').getAttribute('data-payment-uri')
    expect(uri).toMatch(/^solana:/)
    const transfer = transferOf(uri!)
    expect(transfer.recipient.toBase58()).toBe(merchantSolana)
    expect(transfer.lamports).toBe(250_000_000n)
    expect(transfer.references).toHaveLength(1)

    // The phone wallet: a key the app never saw, funded by the devnet faucet, sends exactly that
    // transfer (the reference as a read-only key, as the spec says) and posts nothing to Paylink.
    const phone = Keypair.generate()
    const funded = await page.request.post('/devnet/faucet', {
      data: { asset: sol, address: phone.publicKey.toBase58(), amount: '1' },
    })
    expect(funded.status(), await funded.text()).toBe(200)
    const connection = new Connection(`${origin}/devnet/solana/rpc`, 'confirmed')
    await expect
      .poll(async () => BigInt(await connection.getBalance(phone.publicKey, 'confirmed')), { timeout: 15_000 })
      .toBeGreaterThan(0n)
    const instruction = SystemProgram.transfer({
      fromPubkey: phone.publicKey,
      toPubkey: transfer.recipient,
      lamports: transfer.lamports,
    })
    for (const reference of transfer.references)
      instruction.keys.push({ pubkey: reference, isSigner: false, isWritable: false })
    const { blockhash } = await connection.getLatestBlockhash('confirmed')
    const transaction = new Transaction({ feePayer: phone.publicKey, recentBlockhash: blockhash }).add(instruction)
    transaction.sign(phone)
    const signature = await connection.sendRawTransaction(transaction.serialize())

    // Found by its reference: the checkout turns Paid by itself once the slot is finalized.
    await expect(checkout.getByTestId('link-status')).toHaveText('Paid', { timeout: 30_000 })
    const link = (await (await page.request.get(`/api/links/${linkId}`)).json()) as {
      payments: Array<{ txHash: string; status: string; amount: string }>
    }
    expect(link.payments).toEqual([expect.objectContaining({ txHash: signature, status: 'confirmed', amount: '0.25' })])
  })
})
