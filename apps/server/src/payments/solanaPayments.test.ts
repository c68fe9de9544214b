import type { Link, Payment } from '@paylink/shared'
import {
  createTransfer,
  findReference,
  parseURL,
  validateTransfer,
  type CreateTransferFields,
  type TransferRequestURL,
} from '@solana/pay'
import { base58 } from '@scure/base'
import { Keypair, PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js'
import BigNumber from 'bignumber.js'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { findAssociatedTokenAddress } from '@paylink/chains/solana/server'
import type { PaymentRow } from '../db/rows.js'
import { linkOptions, payments, unmatchedPayments } from '../db/schema.js'
import { eventually, fastPaymentLinks } from '../testing/paymentLinksHarness.js'
import { testUsdTransfer, useSolanaTestApp } from '../testing/solanaTestApp.js'

/*
 * Solana payments end to end on the repository's Solana devnet (LiteSVM behind a real JSON-RPC,
 * commitments that move in real time): links priced in SOL and Test USD, paid by a keypair the
 * app never saw, found by their Solana Pay reference with no POST.
 *
 * A payer here does what a phone wallet does with the QR code: @solana/pay's own `parseURL`
 * reads the option's `paymentUri` and its `createTransfer` builds the transaction from it.
 * @solana/pay is pinned at 0.2.6, the last release built on @solana/web3.js 1.x: 1.0.x needs
 * @solana/kit ^6.5, a peer conflict with the repository's kit 8.4. Only the transactions
 * createTransfer refuses to build (more tokens than the sender holds) are put together by hand.
 */

const merchant = Keypair.generate().publicKey.toBase58()
const stranger = Keypair.generate().publicKey.toBase58()
const payer = Keypair.generate()
// The cost test opens 1,000 links from one merchant.
const solana = useSolanaTestApp({
  merchant,
  limits: { createLinkRateLimit: { max: 10_000, timeWindow: 60_000 }, maxOpenLinksPerMerchant: 5000 },
})

beforeAll(async () => {
  // The payer has SOL and Test USD; the merchant and the stranger have SOL and token accounts
  // (createTransfer, like the spec, pays existing accounts: it refuses a recipient or an
  // associated token account that does not exist yet).
  const funding = await Promise.all([
    solana.devnet.faucet(payer.publicKey.toBase58(), 'native', 10_000_000_000n),
    solana.devnet.faucet(payer.publicKey.toBase58(), solana.devnet.mint, 1_000_000_000n),
    solana.devnet.faucet(merchant, 'native', 1_000_000_000n),
    solana.devnet.faucet(merchant, solana.devnet.mint, 1n),
    solana.devnet.faucet(stranger, 'native', 1_000_000_000n),
    solana.devnet.faucet(stranger, solana.devnet.mint, 1n),
  ])
  await Promise.all(funding.map((signature) => solana.devnet.waitForSignature(signature, 'finalized')))
}, 60_000)

async function createLink(
  options: Array<{ asset: string; amount: string; recipient?: string }>,
  title = 'Coffee',
): Promise<Link> {
  const response = await solana.app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { authorization: `Bearer ${solana.apiKey}` },
    payload: { title, options },
  })
  if (response.statusCode !== 201) throw new Error(`createLink: ${response.statusCode} ${response.body}`)
  return response.json()
}

async function getLink(id: string): Promise<Link> {
  return (await solana.app.inject({ method: 'GET', url: `/api/links/${id}` })).json()
}

async function submit(linkId: string, txHash: string): Promise<Payment> {
  const response = await solana.app.inject({
    method: 'POST',
    url: `/api/links/${linkId}/payments`,
    payload: { caipNetworkId: solana.network, txHash },
  })
  if (response.statusCode !== 202) throw new Error(`submit: ${response.statusCode} ${response.body}`)
  return response.json()
}

/** A link option's Solana Pay transfer request, read by @solana/pay's parseURL as a phone wallet reads the QR code. */
function requestOf(link: Link, index = 0): TransferRequestURL {
  const request = parseURL(link.options[index]!.paymentUri!)
  if (!('recipient' in request))
    throw new Error(`option ${index} of link ${link.id}: not a Solana Pay transfer request`)
  return request
}

/** The reference of a link's option, from its Solana Pay URI. */
function referenceOf(link: Link, index = 0): PublicKey {
  const [reference] = requestOf(link, index).reference ?? []
  if (!reference) throw new Error(`option ${index} of link ${link.id}: no reference in its Solana Pay URI`)
  return reference
}

/**
 * What a wallet does with a transfer request: @solana/pay's createTransfer builds the transaction
 * (`changes` replace fields of the request, as a payer sending another amount would) and the
 * payer signs it.
 */
async function signTransfer(
  request: TransferRequestURL,
  changes: Partial<CreateTransferFields> = {},
): Promise<Transaction> {
  const fields: CreateTransferFields = {
    recipient: request.recipient,
    amount: request.amount!,
    splToken: request.splToken,
    reference: request.reference,
    memo: request.memo,
    ...changes,
  }
  const transaction = await createTransfer(solana.connection, payer.publicKey, fields, { commitment: 'confirmed' })
  transaction.sign(payer)
  return transaction
}

/** Signs a transfer request (see signTransfer) and sends it; resolves with the signature once it is confirmed. */
async function payRequest(request: TransferRequestURL, changes: Partial<CreateTransferFields> = {}): Promise<string> {
  const transaction = await signTransfer(request, changes)
  const signature = await solana.connection.sendRawTransaction(transaction.serialize())
  await solana.devnet.waitForSignature(signature, 'confirmed')
  return signature
}

/** Test USD from the payer's associated token account to `owner`'s. */
const tokenTransfer = (owner: string, amount: bigint, reference?: PublicKey) =>
  testUsdTransfer(
    solana.devnet.mint,
    payer.publicKey,
    findAssociatedTokenAddress(owner, solana.devnet.mint),
    amount,
    reference,
  )

async function send(instructions: TransactionInstruction[], { skipPreflight = false } = {}): Promise<string> {
  const { blockhash } = await solana.connection.getLatestBlockhash('confirmed')
  const transaction = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions)
  transaction.sign(payer)
  const signature = await solana.connection.sendRawTransaction(transaction.serialize(), { skipPreflight })
  await solana.devnet.waitForSignature(signature, 'confirmed')
  return signature
}

/** Runs tracker passes until `check` holds (the tracker's loop is not started: each pass is ours). */
async function untilTracked<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  return eventually(async () => {
    await solana.app.paymentLinks.tracker.runOnce()
    return check()
  }, timeoutMs)
}

async function paymentsOf(linkId: string) {
  return solana.database.db.select().from(payments).where(eq(payments.linkId, linkId))
}

/** A tracker pass fails the link's one payment, as `expected` says (its reason), and the link stays open. */
async function expectFailedLinkOpen(linkId: string, expected: Partial<PaymentRow>) {
  const payment = await untilTracked(async () => {
    const [row] = await paymentsOf(linkId)
    expect(row?.status).toBe('failed')
    return row!
  })
  expect(payment).toMatchObject(expected)
  expect((await getLink(linkId)).status).toBe('open')
}

/** The link once a tracker pass has given it `status`. */
function linkWhen(linkId: string, status: Link['status']) {
  return untilTracked(async () => {
    const after = await getLink(linkId)
    expect(after.status).toBe(status)
    return after
  })
}

describe('Solana payments found by reference', () => {
  it('gives every option a Solana Pay URI with its own reference and the price in user units', async () => {
    const link = await createLink([
      { asset: solana.sol, amount: '0.25' },
      { asset: solana.tusd, amount: '12.5' },
    ])
    const [solUri, tusdUri] = link.options.map((option) => new URL(option.paymentUri!))
    expect(link.options[0]!.recipient).toBe(merchant)
    expect(solUri!.pathname).toBe(merchant)
    expect(solUri!.searchParams.get('amount')).toBe('0.25')
    expect(solUri!.searchParams.has('spl-token')).toBe(false)
    expect(tusdUri!.searchParams.get('spl-token')).toBe(solana.devnet.mint)
    expect(tusdUri!.searchParams.get('amount')).toBe('12.5')
    expect(link.options[0]!.paymentUri).toContain('label=Coffee')
    expect(referenceOf(link, 0).toBase58()).not.toBe(referenceOf(link, 1).toBase58())
    // @solana/pay's parser reads both as transfer requests with the same fields.
    const [solRequest, tusdRequest] = [requestOf(link, 0), requestOf(link, 1)]
    expect(solRequest.recipient.toBase58()).toBe(merchant)
    expect(solRequest.amount?.toFixed()).toBe('0.25')
    expect(solRequest.splToken).toBeUndefined()
    expect(solRequest.reference?.map((key) => key.toBase58())).toEqual([solUri!.searchParams.get('reference')])
    expect(solRequest.label).toBe('Coffee')
    expect(tusdRequest.recipient.toBase58()).toBe(merchant)
    expect(tusdRequest.amount?.toFixed()).toBe('12.5')
    expect(tusdRequest.splToken?.toBase58()).toBe(solana.devnet.mint)
    expect(tusdRequest.reference).toHaveLength(1)
  })

  it('refuses a recipient that is not a Solana address, naming the field, and creates nothing', async () => {
    const response = await solana.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { authorization: `Bearer ${solana.apiKey}` },
      payload: {
        title: 'Bad',
        options: [{ asset: solana.sol, amount: '1', recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }],
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.message).toMatch(/options\[0\]\.recipient/)
  })

  it("credits a SOL transfer built by @solana/pay's createTransfer from the link's URI with no POST, confirming until its slot is finalized", async () => {
    const link = await createLink([{ asset: solana.sol, amount: '0.5' }])
    const request = requestOf(link)
    const signature = await payRequest(request)
    const seen = await untilTracked(async () => {
      const [payment] = await paymentsOf(link.id)
      expect(payment?.status).toMatch(/confirming|confirmed/)
      return payment!
    })
    const statusAtDetection = (await solana.connection.getSignatureStatus(signature)).value?.confirmationStatus
    // Found at `confirmed`: before its slot is finalized the link shows it confirming.
    if (statusAtDetection !== 'finalized') expect(seen.status).toBe('confirming')
    const early: string[] = []
    const paid = await untilTracked(async () => {
      const after = await getLink(link.id)
      // Read after the pass: a status still short of finalized now was short of it during the
      // pass too (finality only moves forward), so the payment must not be confirmed yet.
      const status = (await solana.connection.getSignatureStatus(signature)).value?.confirmationStatus
      if (status !== 'finalized' && after.payments[0]?.status === 'confirmed')
        early.push(`confirmed while the transaction was ${status}`)
      expect(after.status).toBe('paid')
      return after
    })
    expect(early).toEqual([])
    expect(paid.payments).toHaveLength(1)
    expect(paid.payments[0]).toMatchObject({
      status: 'confirmed',
      txHash: signature,
      amount: '0.5',
      payer: payer.publicKey.toBase58(),
      reason: null,
    })
    expect(paid.options[0]).toMatchObject({ paid: '0.5', overpaid: '0' })
    // Solana Pay's own merchant side agrees: findReference finds this signature, validateTransfer accepts it.
    const found = await findReference(solana.connection, request.reference![0]!, { finality: 'confirmed' })
    expect(found.signature).toBe(signature)
    await expect(
      validateTransfer(
        solana.connection,
        signature,
        { recipient: request.recipient, amount: request.amount!, reference: request.reference },
        { commitment: 'confirmed' },
      ),
    ).resolves.toBeTruthy()
  }, 30_000)

  it("credits Test USD paid with @solana/pay's createTransfer (a memo too); a partial payment then a top-up pay the link", async () => {
    const link = await createLink([{ asset: solana.tusd, amount: '10' }])
    const request = requestOf(link)
    expect(request.splToken?.toBase58()).toBe(solana.devnet.mint)
    await payRequest(request, { amount: new BigNumber('4'), memo: 'order 42, first part' })
    const partial = await linkWhen(link.id, 'partially_paid')
    expect(partial.options[0]).toMatchObject({ paid: '4' })
    await payRequest(request, { amount: new BigNumber('6.5') })
    const paid = await linkWhen(link.id, 'paid')
    expect(paid.options[0]).toMatchObject({ paid: '10.5', overpaid: '0.5' })
    expect(paid.payments.map((p) => p.status)).toEqual(['confirmed', 'confirmed'])
    expect(paid.payments.map((p) => p.amount).sort()).toEqual(['4', '6.5'])
    expect(new Set(paid.payments.map((p) => p.payer))).toEqual(new Set([payer.publicKey.toBase58()]))
  }, 40_000)

  it('never credits a transfer to another recipient: unseen without a POST, failed wrong_recipient with one', async () => {
    const link = await createLink([{ asset: solana.sol, amount: '0.1' }])
    const signature = await payRequest(requestOf(link), { recipient: new PublicKey(stranger) })
    for (let pass = 0; pass < 5; pass++) await solana.app.paymentLinks.tracker.runOnce()
    expect(await paymentsOf(link.id)).toHaveLength(0)
    await submit(link.id, signature)
    await expectFailedLinkOpen(link.id, { reason: 'wrong_recipient' })
  }, 30_000)

  it('fails a payment in the wrong asset found by reference (Test USD sent for a SOL link), without a POST', async () => {
    const solLink = await createLink([{ asset: solana.sol, amount: '1' }])
    // An open Test USD link makes the merchant's token account one the tracker polls.
    await createLink([{ asset: solana.tusd, amount: '1' }])
    await payRequest(requestOf(solLink), { splToken: new PublicKey(solana.devnet.mint) })
    await expectFailedLinkOpen(solLink.id, { reason: 'wrong_token' })
  }, 30_000)

  it('fails a transaction that failed on chain, carrying the reference', async () => {
    const link = await createLink([{ asset: solana.tusd, amount: '5' }])
    // More Test USD than the payer holds (createTransfer refuses to build that, so by hand):
    // lands (skipPreflight), pays its fee, and fails.
    const signature = await send([tokenTransfer(merchant, 10n ** 15n, referenceOf(link))], { skipPreflight: true })
    expect(
      (await solana.connection.getSignatureStatus(signature, { searchTransactionHistory: true })).value?.err,
    ).not.toBeNull()
    await expectFailedLinkOpen(link.id, { reason: 'tx_reverted', optionId: null })
  }, 30_000)

  it('credits one transaction to one link only: the same signature submitted for another link fails', async () => {
    const first = await createLink([{ asset: solana.sol, amount: '0.2' }])
    const second = await createLink([{ asset: solana.sol, amount: '0.2' }])
    const signature = await payRequest(requestOf(first))
    await untilTracked(async () => expect((await getLink(first.id)).status).toBe('paid'))
    await submit(second.id, signature)
    await expectFailedLinkOpen(second.id, { reason: 'already_credited' })
  }, 30_000)

  it('sees a submitted payment within a few slots, not at the periodic re-check', async () => {
    const link = await createLink([{ asset: solana.sol, amount: '0.01' }])
    // No reference: only the POST tells the tracker about it. Submitted before it is even confirmed.
    const transaction = await signTransfer(requestOf(link), { reference: undefined })
    const signature = await solana.connection.sendRawTransaction(transaction.serialize())
    expect((await submit(link.id, signature)).status).toBe('pending')
    const started = Date.now()
    await untilTracked(async () => expect((await getLink(link.id)).status).toBe('paid'), 15_000)
    // Confirmation takes the finalize depth (8 slots); the 5-minute re-check never ran.
    expect(Date.now() - started).toBeLessThan(10_000)
  }, 30_000)

  it('never counts a submitted signature that never lands (never sent; sent with an expired blockhash): pending, then failed tx_not_found', async () => {
    // The tracker's rule for every chain: a submitted transaction the node does not know stays
    // pending for the grace period, then fails. A short grace here, on an app of its own.
    const graceApp = await buildApp({
      ...solana.appConfig,
      paymentLinks: {
        ...fastPaymentLinks,
        tracker: {
          ...fastPaymentLinks.tracker,
          settings: { ...fastPaymentLinks.tracker?.settings, missingGraceMs: 5000 },
        },
      },
    })
    try {
      // Its first pass re-reads the pending payments of earlier tests before the clock starts.
      await graceApp.paymentLinks.tracker.runOnce()
      const neverSent = await createLink([{ asset: solana.sol, amount: '0.05' }])
      const expired = await createLink([{ asset: solana.tusd, amount: '2' }])
      // Signed by the wallet, its signature handed to the page, never sent to the cluster.
      const unsent = await signTransfer(requestOf(neverSent))
      const unsentSignature = base58.encode(unsent.signature!)
      // Signed, then held until its blockhash expired: the node takes it (no preflight) and drops it.
      // The 150 slots that expire it are made here, not waited for (15 s at the test's slot time).
      const late = await signTransfer(requestOf(expired))
      await eventually(
        async () => {
          for (let slot = 0; slot < 50; slot++) solana.devnet.nextSlot()
          expect(
            (await solana.connection.isBlockhashValid(late.recentBlockhash!, { commitment: 'processed' })).value,
          ).toBe(false)
        },
        60_000,
        10,
      )
      const lateSignature = await solana.connection.sendRawTransaction(late.serialize(), { skipPreflight: true })
      expect(lateSignature).toBe(base58.encode(late.signature!))

      const submitted = async (link: Link, signature: string) => {
        const response = await graceApp.inject({
          method: 'POST',
          url: `/api/links/${link.id}/payments`,
          payload: { caipNetworkId: solana.network, txHash: signature },
        })
        expect(response.statusCode).toBe(202)
        return response.json() as Payment
      }
      expect(await submitted(neverSent, unsentSignature)).toMatchObject({ status: 'pending', reason: null })
      expect(await submitted(expired, lateSignature)).toMatchObject({ status: 'pending', reason: null })
      const rows = async () => [...(await paymentsOf(neverSent.id)), ...(await paymentsOf(expired.id))]
      // A transaction sent after both is confirmed: the slot the late one was queued for is past.
      // Neither is on any slot nor found by its reference; both pending, nothing credited.
      await solana.devnet.waitForSignature(await solana.devnet.faucet(stranger, 'native', 1n), 'confirmed')
      await graceApp.paymentLinks.tracker.runOnce()
      expect(
        (
          await solana.connection.getSignatureStatuses([unsentSignature, lateSignature], {
            searchTransactionHistory: true,
          })
        ).value,
      ).toEqual([null, null])
      expect(await solana.connection.getSignaturesForAddress(referenceOf(expired), {}, 'confirmed')).toEqual([])
      expect((await rows()).map((row) => [row.status, row.optionId])).toEqual([
        ['pending', null],
        ['pending', null],
      ])
      const failed = await eventually(
        async () => {
          await graceApp.paymentLinks.tracker.runOnce()
          const now = await rows()
          expect(now.map((row) => row.status)).toEqual(['failed', 'failed'])
          return now
        },
        20_000,
        250,
      )
      expect(failed.map((row) => [row.txHash, row.reason, row.optionId])).toEqual([
        [unsentSignature, 'tx_not_found', null],
        [lateSignature, 'tx_not_found', null],
      ])
      for (const link of [neverSent, expired]) {
        const view = await getLink(link.id)
        expect(view.status).toBe('open')
        expect(view.options[0]).toMatchObject({ paid: '0' })
      }
    } finally {
      await graceApp.close()
    }
  }, 120_000)
})

// Unmatched payments (src/unmatched/) on this devnet: here, as they need its whole setup.
describe('Solana unmatched payments', () => {
  const unmatchedOf = (signature: string) =>
    solana.database.db.select().from(unmatchedPayments).where(eq(unmatchedPayments.txHash, signature))
  const recorded = (signature: string) =>
    untilTracked(async () => {
      const rows = await unmatchedOf(signature)
      expect(rows).toHaveLength(1)
      return rows[0]!
    })

  it('records a SOL transfer to the merchant without the Solana Pay reference (a copied address) as unmatched, once', async () => {
    const link = await createLink([{ asset: solana.sol, amount: '0.3' }])
    await solana.app.paymentLinks.tracker.runOnce()
    const signature = await payRequest(requestOf(link), { reference: undefined })
    const row = await recorded(signature)
    expect(row).toMatchObject({
      reason: 'no_link',
      amount: '300000000',
      assetId: solana.sol,
      sender: payer.publicKey.toBase58(),
      address: merchant,
      status: 'unmatched',
    })
    for (let pass = 0; pass < 3; pass++) await solana.app.paymentLinks.tracker.runOnce()
    expect(await unmatchedOf(signature)).toHaveLength(1)
    expect((await getLink(link.id)).status).toBe('open')
    expect(await paymentsOf(link.id)).toEqual([])
  })

  it("records a wrong amount of Test USD sent without the reference as unmatched; with the reference it is the link's partial payment (above)", async () => {
    const link = await createLink([{ asset: solana.tusd, amount: '1' }])
    await solana.app.paymentLinks.tracker.runOnce()
    const signature = await payRequest(requestOf(link), { reference: undefined, amount: new BigNumber('0.7') })
    const row = await recorded(signature)
    expect(row).toMatchObject({
      reason: 'no_link',
      amount: '700000',
      assetId: solana.tusd,
      address: merchant,
      sourceLinkId: null,
    })
    expect((await getLink(link.id)).status).toBe('open')
    expect(await paymentsOf(link.id)).toEqual([])
  })

  it('records Test USD paid with the reference of a link already Paid, naming that link; the link does not count it', async () => {
    const link = await createLink([{ asset: solana.tusd, amount: '1' }])
    await payRequest(requestOf(link))
    await untilTracked(async () => expect((await getLink(link.id)).status).toBe('paid'))
    const late = await payRequest(requestOf(link), { amount: new BigNumber('0.4') })
    const row = await recorded(late)
    expect(row).toMatchObject({ reason: 'link_closed', sourceLinkId: link.id, amount: '400000', assetId: solana.tusd })
    expect(await paymentsOf(link.id)).toHaveLength(1)
  })
})

describe('Solana polling cost', () => {
  it('sends as many RPC requests per polling round with 1,000 open Solana links as with 10', async () => {
    const { tracker } = solana.app.paymentLinks
    const perRound = async () => {
      // Settle first (a round that reads new transactions costs one more batch), then measure.
      for (let pass = 0; pass < 3; pass++) await tracker.runOnce()
      const before = tracker.rpcRequests(solana.network)
      const rounds = 5
      for (let pass = 0; pass < rounds; pass++) await tracker.runOnce()
      return (tracker.rpcRequests(solana.network) - before) / rounds
    }
    const options = async () =>
      (
        await solana.database.db
          .select({ id: linkOptions.id })
          .from(linkOptions)
          .where(eq(linkOptions.caipNetworkId, solana.network))
      ).length
    const target = async (count: number) => {
      const missing = count - (await options())
      for (let i = 0; i < missing; i++)
        await createLink([{ asset: i % 2 ? solana.sol : solana.tusd, amount: '1' }], `Link ${i}`)
    }
    await target(10)
    const withTen = await perRound()
    await target(1000)
    const withThousand = await perRound()
    console.log(
      `bench: Solana RPC requests per polling round: ${withTen} with 10 Solana link options, ${withThousand} with 1,000 (one merchant: one SOL account + one token account polled)`,
    )
    expect(withThousand).toBe(withTen)
    // The finalized slot (the identity rides in the same batch when due), then one batch of
    // getSignaturesForAddress for the merchant's two receiving accounts; nothing new, no getTransaction.
    expect(withTen).toBe(2)
  }, 480_000)
})
