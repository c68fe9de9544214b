import { refundAddressMessage, type Link, type Payment } from '@paylink/shared'
import { Signer } from 'bip322-js'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { payments, refunds } from '../db/schema.js'
import { wifOf } from '../siwx/testing/siwxTestKit.js'
import {
  broadcast,
  merchantAccountKey,
  regtestBtc as btcAsset,
  regtestWallet as walletOf,
  signTransaction,
  type Coin,
  type Output,
  type RegtestWallet as Wallet,
} from '../testing/bitcoinRegtest.js'
import { useBitcoinDevnetApp } from '../testing/bitcoinTestApp.js'

// Bitcoin refunds on the REAL regtest devnet (packages/devnet/src/bitcoin), as in
// payments/bitcoinDevnetPayments.test.ts: the merchant's account key comes from a seed only
// this test holds (the app sees the tpub), the payer's keys are ones the app never saw, and every
// transaction is built and signed with bitcoinjs-lib and broadcast with POST /tx, where the devnet
// checks it as a node would. BIP-322 statements are signed with bip322-js's Signer (a wallet's
// part) and checked by the server's own verifier.
const merchantAccount = merchantAccountKey()
const merchantKeyAt = (i: number) => merchantAccount.deriveChild(0).deriveChild(i).privateKey!

const newWallet = () => walletOf()
/** BIP-322 simple signature, as a wallet makes it (bip322-js infers regtest from the address). */
const signBip322 = (wallet: Wallet, message: string) =>
  Signer.sign(wifOf(wallet.key, 'testnet'), wallet.address, message)

const bitcoin = useBitcoinDevnetApp({
  receivingKey: merchantAccount.publicExtendedKey,
  overrides: { limits: { submitPaymentRateLimit: { max: 1000, timeWindow: 60_000 } } },
})
const context = bitcoin.context

const pass = () => bitcoin.app.pass()
const getLink = (id: string): Promise<Link> => bitcoin.app.link(id)

/** A tracker pass, then the link and its one payment: confirmed in `txid`, paid by `payer`. */
async function confirmedPayment(linkId: string, txid: string, payer: string, what: string) {
  await pass()
  const link = await getLink(linkId)
  const payment = link.payments[0]!
  expect(payment, what).toMatchObject({ txHash: txid, status: 'confirmed', payer })
  return { link, payment }
}

/** A confirmed coin of `wallet`'s, paid by the devnet's faucet. */
const fund = (wallet: Wallet, sats: bigint): Promise<Coin> => bitcoin.fund(wallet.address, sats)

/** Spends `coin` of `wallet` to `outputs`, signed with the wallet's key, broadcast with POST /tx and mined. */
function spendAndMine(wallet: Wallet, coin: Coin, outputs: Output[]): Promise<string> {
  return spendCoinsAndMine([[wallet, coin]], outputs)
}

/** Spends each coin (input i signed by its wallet's key) to `outputs`, broadcast with POST /tx and mined. */
async function spendCoinsAndMine(inputs: Array<[Wallet, Coin]>, outputs: Output[]): Promise<string> {
  const tx = signTransaction(inputs, outputs)
  expect(await broadcast(bitcoin.devnet.esploraUrl, tx.hex), 'POST /tx').toEqual({ status: 200, text: tx.txid })
  await bitcoin.devnet.mine(1)
  return tx.txid
}

interface Paid {
  link: Link
  payment: Payment
  payer: Wallet
  /** The merchant's derived deposit address and its key: the merchant's wallet spends the payment from there. */
  merchant: Wallet
  coin: Coin
}

/** A BTC link of `price` paid `sats` by a fresh payer key, confirmed by the tracker. */
async function paidLink(price: string, sats: bigint): Promise<Paid> {
  const created = await bitcoin.app.newLink(price)
  const depositAddress = created.address
  const index = Array.from({ length: 100 }, (_, i) => walletOf(merchantKeyAt(i)).address).indexOf(depositAddress)
  expect(index, "the deposit address is the merchant's own").toBeGreaterThanOrEqual(0)
  const payer = newWallet()
  const funded = await fund(payer, sats + 10_000n)
  const txid = await spendAndMine(payer, funded, [
    { address: depositAddress, value: sats },
    { address: payer.address, value: 9_000n },
  ])
  const { link, payment } = await confirmedPayment(
    created.id,
    txid,
    payer.address,
    'the payment to refund is confirmed',
  )
  expect(payment.refundAddress).toBeNull()
  return { link, payment, payer, merchant: walletOf(merchantKeyAt(index)), coin: { txid, vout: 0, value: sats } }
}

function giveAddress(paymentId: string, payload: Record<string, unknown>) {
  return bitcoin.app.server.inject({ method: 'POST', url: `/api/payments/${paymentId}/refund-address`, payload })
}

/** The statement the refund page asks the payer to sign, and its signature by `signer`. */
function statement(
  { link, payment }: Pick<Paid, 'link' | 'payment'>,
  refundAddress: string,
  signer: Wallet,
  issuedAt = new Date().toISOString(),
) {
  const message = refundAddressMessage({
    linkId: link.id,
    paymentId: payment.id,
    txHash: payment.txHash,
    refundAddress,
    issuedAt,
  })
  return { refundAddress, signer: signer.address, issuedAt, message, signature: signBip322(signer, message) }
}

async function storedRefundAddress(paymentId: string) {
  const [row] = await context.database.db
    .select({
      address: payments.refundAddress,
      signer: payments.refundAddressSigner,
      signature: payments.refundAddressSignature,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
  return row!
}

function postRefund(paymentId: string, payload: Record<string, unknown>) {
  return bitcoin.app.server.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/refunds`,
    headers: bitcoin.app.headers,
    payload,
  })
}

describe('POST /api/payments/:id/refund-address (the Bitcoin payer gives a refund address, BIP-322 signed from an input address)', () => {
  it('takes a statement signed by the input address, shows it on the payment (link view and merchant view), and lets a new one replace it', async () => {
    const paid = await paidLink('0.001', 100_000n)
    const refundTo = newWallet().address
    const body = statement(paid, refundTo, paid.payer)
    const response = await giveAddress(paid.payment.id, body)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().payment).toMatchObject({
      id: paid.payment.id,
      refundAddress: { address: refundTo, signer: paid.payer.address },
    })
    expect(await storedRefundAddress(paid.payment.id), 'the statement and its signature are kept as evidence').toEqual({
      address: refundTo,
      signer: paid.payer.address,
      signature: body.signature,
    })
    expect(
      (await getLink(paid.link.id)).payments[0]!.refundAddress,
      'the public link view (the receipt) shows it',
    ).toMatchObject({ address: refundTo })
    const merchantView = await bitcoin.app.server.inject({
      method: 'GET',
      url: `/api/payments/${paid.payment.id}`,
      headers: bitcoin.app.headers,
    })
    expect(merchantView.json().refundAddress).toMatchObject({ address: refundTo, signer: paid.payer.address })

    // An address typed in capitals (as a QR code may carry it) is the same address, stored lowercase.
    const corrected = newWallet().address
    const again = await giveAddress(paid.payment.id, {
      ...statement(paid, corrected, paid.payer),
      refundAddress: corrected.toUpperCase(),
    })
    expect(again.statusCode, again.body).toBe(200)
    expect((await storedRefundAddress(paid.payment.id)).address).toBe(corrected)
  }, 90_000)

  it('refuses an older statement posted again after a newer one (no undoing a correction), and statements from over an hour ago or the future', async () => {
    const paid = await paidLink('0.001', 100_000n)
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()
    const first = newWallet().address
    const older = statement(paid, first, paid.payer, minutesAgo(10))
    expect((await giveAddress(paid.payment.id, older)).statusCode).toBe(200)
    const corrected = newWallet().address
    const newer = statement(paid, corrected, paid.payer, minutesAgo(5))
    expect((await giveAddress(paid.payment.id, newer)).statusCode).toBe(200)

    const replayed = await giveAddress(paid.payment.id, older)
    expect([replayed.statusCode, replayed.json().error.code]).toEqual([409, 'REFUND_STATEMENT_OUTDATED'])
    expect((await storedRefundAddress(paid.payment.id)).address, 'the correction stands').toBe(corrected)
    // The stored statement itself posted again changes nothing and is answered as stored.
    expect((await giveAddress(paid.payment.id, newer)).statusCode).toBe(200)

    for (const issuedAt of [minutesAgo(61), minutesAgo(-6)]) {
      const stale = await giveAddress(paid.payment.id, statement(paid, newWallet().address, paid.payer, issuedAt))
      expect([issuedAt, stale.statusCode, stale.json().error.code]).toEqual([issuedAt, 400, 'REFUND_STATEMENT_STALE'])
    }
    const unsigned = await giveAddress(paid.payment.id, {
      ...statement(paid, first, paid.payer),
      issuedAt: 'yesterday',
    })
    expect([unsigned.statusCode, unsigned.json().error.message]).toEqual([
      400,
      expect.stringMatching(/^body\.issuedAt: must be an ISO 8601 time/),
    ])
    expect((await storedRefundAddress(paid.payment.id)).address).toBe(corrected)
  }, 90_000)

  it('takes a statement signed by the second input of a payment that two wallets paid together (any input speaks for the payment)', async () => {
    const created = await bitcoin.app.newLink('0.002', 'Shared order')
    const [first, second] = [newWallet(), newWallet()]
    const coins = [await fund(first, 150_000n), await fund(second, 60_000n)]
    const txid = await spendCoinsAndMine(
      [
        [first, coins[0]!],
        [second, coins[1]!],
      ],
      [{ address: created.address, value: 200_000n }],
    )
    const { link, payment } = await confirmedPayment(
      created.id,
      txid,
      first.address,
      'the payer shown is the first input',
    )
    const refundTo = newWallet().address
    const response = await giveAddress(payment.id, statement({ link, payment }, refundTo, second))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().payment.refundAddress).toMatchObject({ address: refundTo, signer: second.address })
  }, 90_000)

  it('refuses a signature by another key, a statement over another refund address or payment, and a signer that is no input: 4xx naming the check, nothing stored', async () => {
    const paid = await paidLink('0.001', 100_000n)
    const refundTo = newWallet().address
    const stranger = newWallet()
    const refusals: Array<[string, Record<string, unknown>, number, string]> = [
      // Claims to be the payer's input address but is signed by someone else's key.
      [
        'signed by another key',
        { ...statement(paid, refundTo, stranger), signer: paid.payer.address },
        400,
        'REFUND_SIGNATURE_INVALID',
      ],
      // A valid signature by an address the payment's transaction does not spend from.
      ['signed by a non-input address', statement(paid, refundTo, stranger), 400, 'REFUND_SIGNER_NOT_AN_INPUT'],
      // The merchant's deposit address is in the transaction, as an output: not an input.
      [
        "signed by the transaction's output address",
        statement(paid, refundTo, paid.merchant),
        400,
        'REFUND_SIGNER_NOT_AN_INPUT',
      ],
      // The payer's genuine statement for one address, posted with another address.
      [
        'a statement over another refund address',
        { ...statement(paid, refundTo, paid.payer), refundAddress: stranger.address },
        400,
        'REFUND_MESSAGE_MISMATCH',
      ],
      [
        'the message of the posted address with the signature of another',
        {
          ...statement(paid, stranger.address, paid.payer),
          signature: statement(paid, refundTo, paid.payer).signature,
        },
        400,
        'REFUND_SIGNATURE_INVALID',
      ],
      // A genuine statement for another payment (replayed here).
      [
        'a statement for another payment',
        { ...statement({ link: paid.link, payment: { ...paid.payment, id: 'pay_other' } }, refundTo, paid.payer) },
        400,
        'REFUND_MESSAGE_MISMATCH',
      ],
      [
        'a mainnet refund address on regtest',
        { ...statement(paid, refundTo, paid.payer), refundAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        400,
        'INVALID_REQUEST',
      ],
      [
        'a signature that is not base64',
        { ...statement(paid, refundTo, paid.payer), signature: 'not a signature!' },
        400,
        'REFUND_SIGNATURE_INVALID',
      ],
      ['an unknown field', { ...statement(paid, refundTo, paid.payer), amount: '1' }, 400, 'INVALID_REQUEST'],
    ]
    for (const [what, body, status, code] of refusals) {
      const response = await giveAddress(paid.payment.id, body)
      expect({ what, status: response.statusCode, code: response.json().error?.code }).toEqual({ what, status, code })
    }
    expect(await storedRefundAddress(paid.payment.id), 'nothing stored').toEqual({
      address: null,
      signer: null,
      signature: null,
    })
    expect((await getLink(paid.link.id)).payments[0]!.refundAddress).toBeNull()

    const missing = await giveAddress('pay_doesnotexist', statement(paid, refundTo, paid.payer))
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('PAYMENT_NOT_FOUND')
  }, 90_000)
})

describe('POST /api/payments/:id/refunds on Bitcoin', () => {
  it('records BTC sent by the merchant to the refund address the payer signed for (refundAddress may then be left out), and refunds beyond what was paid are refused', async () => {
    const paid = await paidLink('0.001', 100_000n)
    const refundTo = newWallet().address
    expect((await giveAddress(paid.payment.id, statement(paid, refundTo, paid.payer))).statusCode).toBe(200)

    // The merchant's wallet spends the payment's own output: 60,000 sats back, the rest (less the fee) to itself.
    const txHash = await spendAndMine(paid.merchant, paid.coin, [
      { address: refundTo, value: 60_000n },
      { address: paid.merchant.address, value: 39_000n },
    ])
    const recorded = await postRefund(paid.payment.id, { txHash })
    expect(recorded.statusCode, recorded.body).toBe(201)
    expect(recorded.json().refund).toMatchObject({
      txHash,
      amount: '0.0006',
      asset: btcAsset.assetId,
      recipient: refundTo,
    })
    expect(recorded.json().payment).toMatchObject({ refunded: '0.0006' })
    expect(
      (await getLink(paid.link.id)).payments[0]!.refunds.map((r) => r.amount),
      'the receipt lists it',
    ).toEqual(['0.0006'])

    // 60,000 + 40,001 > 100,000: refused, even from the merchant's other coins.
    const other = walletOf(merchantKeyAt(99))
    const coin = await fund(other, 50_000n)
    const over = await postRefund(paid.payment.id, {
      txHash: await spendAndMine(other, coin, [{ address: refundTo, value: 40_001n }]),
    })
    expect(over.statusCode).toBe(409)
    expect(over.json().error.code).toBe('REFUND_ABOVE_PAID')
    expect(
      (await context.database.db.select().from(refunds).where(eq(refunds.paymentId, paid.payment.id))).map(
        (r) => r.amount,
      ),
    ).toEqual(['60000'])
  }, 120_000)

  it('records BTC sent to an address the merchant types, and refuses a transaction that pays another address than the one named (REFUND_WRONG_RECIPIENT)', async () => {
    const paid = await paidLink('0.0005', 50_000n)
    const typed = newWallet().address
    const wrong = await spendAndMine(paid.merchant, paid.coin, [{ address: newWallet().address, value: 49_000n }])
    const refused = await postRefund(paid.payment.id, { txHash: wrong, refundAddress: typed })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.code).toBe('REFUND_WRONG_RECIPIENT')

    const withoutAddress = await postRefund(paid.payment.id, { txHash: wrong })
    expect(withoutAddress.statusCode, 'no address given by the payer and none typed').toBe(400)
    expect(withoutAddress.json().error.message).toMatch(/refundAddress/)

    const other = walletOf(merchantKeyAt(98))
    const coin = await fund(other, 30_000n)
    const txHash = await spendAndMine(other, coin, [{ address: typed, value: 20_000n }])
    const recorded = await postRefund(paid.payment.id, { txHash, refundAddress: typed.toUpperCase() })
    expect(recorded.statusCode, recorded.body).toBe(201)
    expect(recorded.json().refund).toMatchObject({ amount: '0.0002', recipient: typed })
    expect(await context.database.db.select().from(refunds).where(eq(refunds.paymentId, paid.payment.id))).toHaveLength(
      1,
    )
  }, 120_000)
})
