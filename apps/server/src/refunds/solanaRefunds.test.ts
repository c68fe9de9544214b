import { startSolanaDevnet, TEST_USD_DECIMALS, type SolanaDevnet } from '@paylink/devnet/solana'
import type { Asset, Link, Network, Payment } from '@paylink/shared'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { findAssociatedTokenAddress, tokenProgramId } from '@paylink/chains/solana/server'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { refunds } from '../db/schema.js'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { merchantOf } from '../merchants/merchant.js'
import { eventually, fastPaymentLinks } from '../testing/paymentLinksHarness.js'

/*
 * Solana refunds on the repository's Solana devnet (LiteSVM behind a real JSON-RPC): a payer the
 * app never saw pays SOL or Test USD links of a merchant whose keypair this test holds; the
 * merchant's wallet sends money back with @solana/web3.js 1.x transactions (System transfer, Token
 * transferChecked between associated token accounts) and the server records a refund only after
 * reading it on chain. As payments/solanaPayments.test.ts, the tracker's loop is not started:
 * each pass is ours.
 */

let devnet: SolanaDevnet
let database: Database
let app: FastifyInstance
let apiKey: string
let connection: Connection
let network: string
let sol: string
let tusd: string
const merchant = Keypair.generate()
const payer = Keypair.generate()
const stranger = Keypair.generate()

beforeAll(async () => {
  devnet = await startSolanaDevnet({ slotMs: 100, finalizeDepth: 8 })
  connection = new Connection(devnet.rpcUrl, 'confirmed')
  network = `solana:${devnet.genesisHash.slice(0, 32)}`
  sol = `${network}/slip44:501`
  tusd = `${network}/token:${devnet.mint}`
  const networks: Network[] = [
    {
      caipNetworkId: network,
      name: 'Solana devnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: devnet.rpcUrl,
      blockExplorerUrl: null,
      testnet: true,
      confirmations: 1,
    },
  ]
  const assets: Asset[] = [
    { assetId: sol, caipNetworkId: network, symbol: 'SOL', name: 'Solana', decimals: 9, native: true },
    {
      assetId: tusd,
      caipNetworkId: network,
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: TEST_USD_DECIMALS,
      native: false,
    },
  ]
  database = await openDatabase({ dataDir: ':memory:' })
  ;({ token: apiKey } = await createApiKey(
    database.db,
    merchantOf({ namespace: 'solana', address: merchant.publicKey.toBase58() }),
    'tests',
  ))
  app = await buildApp({
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks,
    assets,
    database,
    webDist: '/nonexistent',
    paymentLinks: fastPaymentLinks,
    limits: { submitPaymentRateLimit: { max: 1000, timeWindow: 60_000 } },
    webhooks: { allowHttp: true, allowPrivateAddresses: true },
  })
  // Everyone holds SOL (fees) and Test USD in an associated token account.
  const funding = await Promise.all(
    [payer, merchant, stranger].flatMap((keypair) => [
      devnet.faucet(keypair.publicKey.toBase58(), 'native', 10_000_000_000n),
      devnet.faucet(keypair.publicKey.toBase58(), devnet.mint, 1_000_000_000n),
    ]),
  )
  await Promise.all(funding.map((signature) => devnet.waitForSignature(signature, 'finalized')))
}, 90_000)

afterAll(async () => {
  await app?.close()
  await devnet?.close()
  await database?.close()
})

const getLink = async (id: string): Promise<Link> =>
  (await app.inject({ method: 'GET', url: `/api/links/${id}` })).json()

function solTransfer(from: Keypair, to: PublicKey, lamports: bigint, reference?: PublicKey): TransactionInstruction {
  const instruction = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })
  if (reference) instruction.keys.push({ pubkey: reference, isSigner: false, isWritable: false })
  return instruction
}

/** Token transferChecked of Test USD from `from`'s associated token account to `to` (a token account). */
function tokenTransfer(from: Keypair, to: string, amount: bigint, reference?: PublicKey): TransactionInstruction {
  const data = Buffer.alloc(10)
  data.writeUInt8(12, 0)
  data.writeBigUInt64LE(amount, 1)
  data.writeUInt8(TEST_USD_DECIMALS, 9)
  const keys = [
    {
      pubkey: new PublicKey(findAssociatedTokenAddress(from.publicKey.toBase58(), devnet.mint)),
      isSigner: false,
      isWritable: true,
    },
    { pubkey: new PublicKey(devnet.mint), isSigner: false, isWritable: false },
    { pubkey: new PublicKey(to), isSigner: false, isWritable: true },
    { pubkey: from.publicKey, isSigner: true, isWritable: false },
    ...(reference ? [{ pubkey: reference, isSigner: false, isWritable: false }] : []),
  ]
  return new TransactionInstruction({ programId: new PublicKey(tokenProgramId), keys, data })
}
const ataOf = (owner: Keypair) => findAssociatedTokenAddress(owner.publicKey.toBase58(), devnet.mint)

async function send(signer: Keypair, instructions: TransactionInstruction[]): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash('confirmed')
  const transaction = new Transaction({ feePayer: signer.publicKey, recentBlockhash: blockhash }).add(...instructions)
  transaction.sign(signer)
  const signature = await connection.sendRawTransaction(transaction.serialize())
  await devnet.waitForSignature(signature, 'confirmed')
  return signature
}

/** A link of the merchant priced `price` in `asset`, paid by the payer (found by its Solana Pay reference) and confirmed. */
async function paidLink(
  asset: 'sol' | 'tusd',
  price: string,
  atomic: bigint,
): Promise<{ link: Link; payment: Payment }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { authorization: `Bearer ${apiKey}` },
    payload: { title: 'Refundable', options: [{ asset: asset === 'sol' ? sol : tusd, amount: price }] },
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
    await app.paymentLinks.tracker.runOnce()
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
  return app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/refunds`,
    headers: { authorization: `Bearer ${apiKey}` },
    payload,
  })
}
const refundRows = (paymentId: string) => database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))

describe('POST /api/payments/:id/refunds on Solana', () => {
  it('records SOL the merchant sends back to the sender, and refuses refunds beyond what was paid (REFUND_ABOVE_PAID)', async () => {
    const { link, payment } = await paidLink('sol', '0.5', 500_000_000n)
    const txHash = await send(merchant, [solTransfer(merchant, payer.publicKey, 200_000_000n)])
    const recorded = await postRefund(payment.id, { txHash })
    expect(recorded.statusCode, recorded.body).toBe(201)
    expect(recorded.json().refund).toMatchObject({
      txHash,
      amount: '0.2',
      asset: sol,
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
    expect(refund).toMatchObject({ amount: '2', asset: tusd, sender: merchant.publicKey.toBase58() })
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
    const given = await app.inject({
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
