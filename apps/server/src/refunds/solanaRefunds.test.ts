import type { Link, Payment } from '@paylink/shared'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { findAssociatedTokenAddress } from '@paylink/chains/solana/server'
import { refunds } from '../db/schema.js'
import { eventually } from '../testing/paymentLinksHarness.js'
import { testUsdTransfer, useSolanaTestApp } from '../testing/solanaTestApp.js'

/*
 * Solana refunds on the repository's Solana devnet (LiteSVM behind a real JSON-RPC): a payer the
 * app never saw pays SOL or Test USD links of a merchant whose keypair this test holds; the
 * merchant's wallet sends money back with @solana/web3.js 1.x transactions (System transfer, Token
 * transferChecked between associated token accounts) and the server records a refund only after
 * reading it on chain. As payments/solanaPayments.test.ts, the tracker's loop is not started:
 * each pass is ours.
 */

const merchant = Keypair.generate()
const payer = Keypair.generate()
const stranger = Keypair.generate()
const solana = useSolanaTestApp({
  merchant: merchant.publicKey.toBase58(),
  limits: { submitPaymentRateLimit: { max: 1000, timeWindow: 60_000 } },
  timeoutMs: 90_000,
})

beforeAll(async () => {
  // Everyone holds SOL (fees) and Test USD in an associated token account.
  const funding = await Promise.all(
    [payer, merchant, stranger].flatMap((keypair) => [
      solana.devnet.faucet(keypair.publicKey.toBase58(), 'native', 10_000_000_000n),
      solana.devnet.faucet(keypair.publicKey.toBase58(), solana.devnet.mint, 1_000_000_000n),
    ]),
  )
  await Promise.all(funding.map((signature) => solana.devnet.waitForSignature(signature, 'finalized')))
}, 90_000)

const getLink = async (id: string): Promise<Link> =>
  (await solana.app.inject({ method: 'GET', url: `/api/links/${id}` })).json()

function solTransfer(from: Keypair, to: PublicKey, lamports: bigint, reference?: PublicKey): TransactionInstruction {
  const instruction = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })
  if (reference) instruction.keys.push({ pubkey: reference, isSigner: false, isWritable: false })
  return instruction
}

const tokenTransfer = (from: Keypair, to: string, amount: bigint, reference?: PublicKey) =>
  testUsdTransfer(solana.devnet.mint, from.publicKey, to, amount, reference)
const ataOf = (owner: Keypair) => findAssociatedTokenAddress(owner.publicKey.toBase58(), solana.devnet.mint)

async function send(signer: Keypair, instructions: TransactionInstruction[]): Promise<string> {
  const { blockhash } = await solana.connection.getLatestBlockhash('confirmed')
  const transaction = new Transaction({ feePayer: signer.publicKey, recentBlockhash: blockhash }).add(...instructions)
  transaction.sign(signer)
  const signature = await solana.connection.sendRawTransaction(transaction.serialize())
  await solana.devnet.waitForSignature(signature, 'confirmed')
  return signature
}

/** A link of the merchant priced `price` in `asset`, paid by the payer (found by its Solana Pay reference) and confirmed. */
async function paidLink(
  asset: 'sol' | 'tusd',
  price: string,
  atomic: bigint,
): Promise<{ link: Link; payment: Payment }> {
  const created = await solana.app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { authorization: `Bearer ${solana.apiKey}` },
    payload: { title: 'Refundable', options: [{ asset: asset === 'sol' ? solana.sol : solana.tusd, amount: price }] },
  })
  expect(created.statusCode, created.body).toBe(201)
  const linkId = created.json().id as string
  const reference = new PublicKey(new URL(created.json().options[0].paymentUri).searchParams.get('reference')!)
  await send(payer, [
    asset === 'sol'
      ? solTransfer(payer, merchant.publicKey, atomic, reference)
      : tokenTransfer(payer, ataOf(merchant), atomic, reference),
  ])
  const link = await eventually(async () => {
    await solana.app.paymentLinks.tracker.runOnce()
    const view = await getLink(linkId)
    expect(view.payments[0]?.status).toBe('confirmed')
    return view
  }, 30_000)
  expect(link.payments[0]!.payer, 'the payer is the wallet that signed (for Test USD: the token account owner)').toBe(
    payer.publicKey.toBase58(),
  )
  return { link, payment: link.payments[0]! }
}

function postRefund(paymentId: string, payload: Record<string, unknown>) {
  return solana.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/refunds`,
    headers: { authorization: `Bearer ${solana.apiKey}` },
    payload,
  })
}
const refundRows = (paymentId: string) =>
  solana.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))

describe('POST /api/payments/:id/refunds on Solana', () => {
  it('records SOL the merchant sends back to the sender, and refuses refunds beyond what was paid (REFUND_ABOVE_PAID)', async () => {
    const { link, payment } = await paidLink('sol', '0.5', 500_000_000n)
    const txHash = await send(merchant, [solTransfer(merchant, payer.publicKey, 200_000_000n)])
    const recorded = await postRefund(payment.id, { txHash })
    expect(recorded.statusCode, recorded.body).toBe(201)
    expect(recorded.json().refund).toMatchObject({
      txHash,
      amount: '0.2',
      asset: solana.sol,
      sender: merchant.publicKey.toBase58(),
      recipient: payer.publicKey.toBase58(),
    })
    expect((await getLink(link.id)).payments[0]).toMatchObject({ refunded: '0.2' })

    const over = await postRefund(payment.id, {
      txHash: await send(merchant, [solTransfer(merchant, payer.publicKey, 300_000_001n)]),
    })
    expect(over.statusCode).toBe(409)
    expect(over.json().error.code).toBe('REFUND_ABOVE_PAID')
    expect((await refundRows(payment.id)).map((r) => r.amount)).toEqual(['200000000'])
  }, 90_000)

  it("records Test USD sent into the payer's token account, with the payer's wallet (the account's owner) as the recipient", async () => {
    const { payment } = await paidLink('tusd', '10', 12_000_000n)
    const txHash = await send(merchant, [tokenTransfer(merchant, ataOf(payer), 2_000_000n)])
    const recorded = await postRefund(payment.id, { txHash })
    expect(recorded.statusCode, recorded.body).toBe(201)
    const refund = recorded.json().refund
    expect(refund).toMatchObject({ amount: '2', asset: solana.tusd, sender: merchant.publicKey.toBase58() })
    expect(refund.recipient, "the wallet, not its token account's address").toBe(payer.publicKey.toBase58())
    expect(refund.recipient).not.toBe(ataOf(payer))
  }, 90_000)

  it("refuses Test USD sent into another owner's token account, SOL for a Test USD payment, a transfer from another wallet than the merchant's, and a refund address: nothing recorded", async () => {
    const { payment } = await paidLink('tusd', '5', 5_000_000n)
    const paidSol = await paidLink('sol', '0.1', 100_000_000n)
    const refusals: Array<[string, string, Record<string, unknown>, number, string]> = [
      [
        "Test USD into the stranger's token account",
        payment.id,
        { txHash: await send(merchant, [tokenTransfer(merchant, ataOf(stranger), 1_000_000n)]) },
        400,
        'REFUND_WRONG_RECIPIENT',
      ],
      [
        'SOL sent back for a Test USD payment',
        payment.id,
        { txHash: await send(merchant, [solTransfer(merchant, payer.publicKey, 1_000_000n)]) },
        400,
        'REFUND_WRONG_ASSET',
      ],
      [
        "Test USD to the payer from the stranger's wallet",
        payment.id,
        { txHash: await send(stranger, [tokenTransfer(stranger, ataOf(payer), 1_000_000n)]) },
        400,
        'REFUND_WRONG_SENDER',
      ],
      [
        'SOL to the payer from the stranger',
        paidSol.payment.id,
        { txHash: await send(stranger, [solTransfer(stranger, payer.publicKey, 1_000_000n)]) },
        400,
        'REFUND_WRONG_SENDER',
      ],
      [
        'SOL to the stranger',
        paidSol.payment.id,
        { txHash: await send(merchant, [solTransfer(merchant, stranger.publicKey, 1_000_000n)]) },
        400,
        'REFUND_WRONG_RECIPIENT',
      ],
      [
        'a refund address on Solana',
        paidSol.payment.id,
        {
          txHash: await send(merchant, [solTransfer(merchant, stranger.publicKey, 1_000_000n)]),
          refundAddress: stranger.publicKey.toBase58(),
        },
        400,
        'REFUND_ADDRESS_NOT_ALLOWED',
      ],
    ]
    for (const [what, paymentId, body, status, code] of refusals) {
      const response = await postRefund(paymentId, body)
      expect({ what, status: response.statusCode, code: response.json().error?.code }).toEqual({ what, status, code })
    }
    expect(await refundRows(payment.id)).toHaveLength(0)
    expect(await refundRows(paidSol.payment.id)).toHaveLength(0)

    // The payer's refund page is for Bitcoin only: here the refund goes back to the sender.
    const given = await solana.app.inject({
      method: 'POST',
      url: `/api/payments/${paidSol.payment.id}/refund-address`,
      payload: {
        refundAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
        signer: payer.publicKey.toBase58(),
        issuedAt: new Date().toISOString(),
        message: 'x',
        signature: 'AAAA',
      },
    })
    expect(given.statusCode).toBe(400)
    expect(given.json().error.code).toBe('REFUND_ADDRESS_NOT_BITCOIN')
  }, 120_000)
})
