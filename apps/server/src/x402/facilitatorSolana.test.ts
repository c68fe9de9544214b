import { findAssociatedTokenAddress } from '@paylink/chains/solana/server'
import { base58 } from '@scure/base'
import { startSolanaDevnet, type SolanaDevnet } from '@paylink/devnet/solana'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { x402Client } from '@x402/core/client'
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, decodePaymentSignatureHeader } from '@x402/core/http'
import type { PaymentPayload, SupportedKind } from '@x402/core/types'
import { wrapFetchWithPayment } from '@x402/fetch'
import { SOLANA_DEVNET_CAIP2 } from '@x402/svm'
import { ExactSvmScheme as ExactSvmServer } from '@x402/svm/exact/server'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { devnetSolanaNetworks } from '../devnet/devnetNetworks.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { x402Payments } from '../db/schema.js'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { merchantOf } from '../merchants/merchant.js'
import { createLinkOk } from '../testing/merchantApi.js'
import { fastPaymentLinks } from '../testing/paymentLinksHarness.js'
import { generateSolanaKeypair } from './demoGasKey.js'
import {
  exactSvmClientAt,
  postFacilitator as postToFacilitator,
  serveWithPaidResource,
  type ServedFacilitator,
} from './paidResourceFixture.js'

/*
 * Paylink's facilitator on the repository's Solana devnet (LiteSVM behind its JSON-RPC): an
 * Express app with @x402/express, a client with @x402/fetch and @x402/svm's exact client scheme,
 * and a payer key the app never saw that holds Test USD and no SOL (the facilitator pays the fee).
 */

const price = 10_000n // 0.01 TUSD
let devnet: SolanaDevnet
let network: `solana:${string}`
let mint: string
let database: Database
let app: FastifyInstance
let apiKey: string
let served: ServedFacilitator
let feePayer: string
const keys = { merchant: '', linkRecipient: '', foreign: '' }

const tokenBalance = async (owner: string): Promise<bigint> => {
  const rpc = createSolanaRpc(devnet.rpcUrl)
  const ata = address(findAssociatedTokenAddress(owner, mint))
  const { value } = await rpc.getTokenAccountBalance(ata, { commitment: 'confirmed' }).send()
  return BigInt(value.amount)
}
const lamports = async (owner: string) =>
  (await createSolanaRpc(devnet.rpcUrl).getBalance(address(owner), { commitment: 'confirmed' }).send()).value

/** A payer with 1 TUSD and no SOL, allowing Test USD in its spend controls. */
async function newPayer() {
  const signer = await generateKeyPairSigner()
  await devnet.waitForSignature(await devnet.faucet(signer.address, mint, 1_000_000n), 'confirmed')
  const client = x402Client.fromConfig({
    schemes: [{ network, client: exactSvmClientAt(devnet.rpcUrl, signer) }],
    spendControls: { allowedAssets: [{ network, asset: mint, maxAmountPerPayment: '1000000' }] },
  })
  return { address: signer.address as string, client, pay: wrapFetchWithPayment(fetch, client) }
}

const postFacilitator = (path: 'verify' | 'settle', payload: PaymentPayload, key?: string) =>
  postToFacilitator(served.facilitatorUrl, path, payload, key)
/** What the resource asks for, as its 402 says. */
const requiredOf = async (path: string) =>
  decodePaymentRequiredHeader((await fetch(`${served.resource.url}${path}`)).headers.get('payment-required')!)
const rowsOf = (payer: string) => database.db.select().from(x402Payments).where(eq(x402Payments.payer, payer))

beforeAll(async () => {
  devnet = await startSolanaDevnet({ slotMs: 100 })
  network = devnet.caipNetworkId
  mint = devnet.mint
  keys.merchant = (await generateKeyPairSigner()).address
  keys.foreign = (await generateKeyPairSigner()).address
  keys.linkRecipient = (await generateKeyPairSigner()).address
  const gasKey = generateSolanaKeypair()
  const funding = await Promise.all([
    devnet.faucet(base58.encode(gasKey.subarray(32)), 'native', 1_000_000_000n),
    // The exact scheme pays an existing associated token account: the merchant's and the stranger's get one.
    devnet.faucet(keys.merchant, mint, 1n),
    devnet.faucet(keys.foreign, mint, 1n),
    devnet.faucet(keys.linkRecipient, mint, 1n),
  ])
  await Promise.all(funding.map((signature) => devnet.waitForSignature(signature, 'confirmed')))
  const demo = devnetSolanaNetworks({ ...devnet, name: 'Solana devnet' })
  database = await openDatabase({ dataDir: ':memory:' })
  ;({ token: apiKey } = await createApiKey(
    database.db,
    merchantOf({ namespace: 'solana', address: keys.merchant }),
    'tests',
  ))
  app = await buildApp({
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks: demo.networks,
    assets: demo.assets,
    devnetUpstreams: demo.upstreams,
    database,
    webDist: '/nonexistent',
    paymentLinks: fastPaymentLinks,
    // No EVM network here: the EVM key signs nothing.
    x402: { evmPrivateKey: generatePrivateKey(), solanaSecretKey: gasKey },
  })
  // The merchant's second address: a link's recipient.
  await createLinkOk(app, apiKey, {
    title: 'Tea',
    options: [{ asset: `${network}/token:${mint}`, amount: '1', recipient: keys.linkRecipient }],
  })
  served = await serveWithPaidResource(app, {
    apiKey,
    network,
    scheme: new ExactSvmServer(),
    price: { amount: price.toString(), asset: mint },
    payTo: keys.merchant,
    foreign: keys.foreign,
  })
  feePayer = (await served.supported()).kinds.find((kind: SupportedKind) => kind.network === network)?.extra
    ?.feePayer as string
}, 60_000)

afterAll(async () => {
  await served?.close()
  // Nothing reads either once the app is closed.
  await Promise.all([devnet?.close(), database?.close()])
})

describe('Paylink as an x402 facilitator (Solana exact, SPL Test USD)', () => {
  it('lists the exact scheme on the Solana devnet with its fee payer, which holds no Test USD', async () => {
    const supported = await served.supported()
    expect(supported.kinds).toContainEqual({ x402Version: 2, scheme: 'exact', network, extra: { feePayer } })
    expect(supported.signers['solana:*']).toEqual([feePayer])
    expect(await lamports(feePayer)).toBe(1_000_000_000n)
  })

  it("shows the merchant the fee payer's SOL beside the EVM gas key", async () => {
    const gas = await app.inject({
      method: 'GET',
      url: '/api/x402/gas',
      headers: { authorization: `Bearer ${apiKey}` },
    })
    expect(gas.statusCode, gas.body).toBe(200)
    expect(gas.json()).toMatchObject({
      networks: [],
      solana: {
        address: feePayer,
        threshold: '0.01',
        networks: [{ caipNetworkId: network, balance: '1', low: false }],
      },
    })
  })

  it('answers 402 first, then 200 with the settlement; the Test USD moves payer to merchant once, recorded once', async () => {
    const payer = await newPayer()
    const merchantBefore = await tokenBalance(keys.merchant)
    const gasBefore = await lamports(feePayer)

    const unpaid = await fetch(`${served.resource.url}/weather`)
    expect(unpaid.status).toBe(402)

    const paid = await payer.pay(`${served.resource.url}/weather`)
    expect(paid.status, await paid.clone().text()).toBe(200)
    expect(await paid.json()).toEqual({ sky: 'clear' })
    const settlement = decodePaymentResponseHeader(paid.headers.get('payment-response')!)
    expect(settlement).toMatchObject({ success: true, network, payer: payer.address })
    expect(settlement.transaction).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)

    expect(await tokenBalance(payer.address)).toBe(1_000_000n - price)
    expect(await tokenBalance(keys.merchant)).toBe(merchantBefore + price)
    // The payer has no SOL and spent none; the fee payer paid the fee and received nothing.
    expect(await lamports(payer.address)).toBe(0n)
    expect(await lamports(feePayer)).toBeLessThan(gasBefore)

    const rows = await rowsOf(payer.address)
    expect(rows).toEqual([
      expect.objectContaining({
        merchant: `solana:${keys.merchant}`,
        caipNetworkId: network,
        assetId: `${network}/token:${mint}`,
        amount: price.toString(),
        payTo: keys.merchant,
        // A signature is base58: kept as it is, never lowercased.
        txHash: settlement.transaction,
        resourceUrl: `${served.resource.url}/weather`,
        description: 'Weather now',
      }),
    ])
    const list = await app.inject({
      method: 'GET',
      url: `/api/payments?q=${settlement.transaction}`,
      headers: { authorization: `Bearer ${apiKey}` },
    })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().payments).toEqual([
      expect.objectContaining({
        kind: 'x402',
        amount: '0.01',
        symbol: 'TUSD',
        asset: `${network}/token:${mint}`,
        payer: payer.address,
        txHash: settlement.transaction,
      }),
    ])

    // The same transaction again, straight to the facilitator: refused, nothing moves or is counted.
    const replayed = decodePaymentSignatureHeader(served.resource.lastPaymentHeader()!)
    expect(await (await postFacilitator('verify', replayed, apiKey)).json()).toMatchObject({
      isValid: false,
      invalidReason: 'duplicate_settlement',
    })
    expect(await (await postFacilitator('settle', replayed, apiKey)).json()).toMatchObject({
      success: false,
      errorReason: 'duplicate_settlement',
      transaction: '',
    })
    expect(await tokenBalance(keys.merchant)).toBe(merchantBefore + price)
    expect(await rowsOf(payer.address)).toHaveLength(1)
  }, 60_000)

  it('verifies without recording or moving anything', async () => {
    const payer = await newPayer()
    const required = await requiredOf('/weather')
    const verify = await postFacilitator('verify', await payer.client.createPaymentPayload(required), apiKey)
    expect(verify.status).toBe(200)
    expect(await verify.json()).toMatchObject({ isValid: true, payer: payer.address })
    expect(await tokenBalance(payer.address)).toBe(1_000_000n)
    expect(await rowsOf(payer.address)).toHaveLength(0)
  }, 60_000)

  it('refuses with the x402 reason a wrong amount, asset, network or payTo, and a payer without the funds', async () => {
    const payer = await newPayer()
    const required = await requiredOf('/weather')
    const verify = async (payload: PaymentPayload) => (await postFacilitator('verify', payload, apiKey)).json()
    const signed = await payer.client.createPaymentPayload(required)

    expect(await verify({ ...signed, accepted: { ...signed.accepted, amount: '20000' } })).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_exact_svm_payload_amount_mismatch',
    })
    // Another configured token would be the scheme's mint mismatch; one Paylink does not book is its own refusal.
    expect(await verify({ ...signed, accepted: { ...signed.accepted, asset: keys.foreign } })).toMatchObject({
      isValid: false,
      invalidReason: 'unsupported_asset_not_configured',
    })
    expect(await verify({ ...signed, accepted: { ...signed.accepted, network: SOLANA_DEVNET_CAIP2 } })).toMatchObject({
      isValid: false,
      invalidReason: 'unsupported_scheme_or_network',
    })
    // The merchant's other address (a link's recipient) is not where this transfer goes.
    expect(await verify({ ...signed, accepted: { ...signed.accepted, payTo: keys.linkRecipient } })).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_exact_svm_payload_recipient_mismatch',
    })

    const broke = await generateKeyPairSigner()
    // An associated token account with nothing in it: the transfer's simulation fails.
    await devnet.waitForSignature(await devnet.faucet(broke.address, mint, 1n), 'confirmed')
    const brokeClient = x402Client.fromConfig({
      schemes: [{ network, client: exactSvmClientAt(devnet.rpcUrl, broke) }],
      spendControls: false,
    })
    expect(await verify(await brokeClient.createPaymentPayload(required))).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_exact_svm_transaction_simulation_failed',
    })
    expect(await rowsOf(payer.address)).toHaveLength(0)
    expect(await tokenBalance(payer.address)).toBe(1_000_000n)
  }, 60_000)

  it('refuses a call without an API key (401) and a payTo the merchant does not receive at (403), settling nothing', async () => {
    const payer = await newPayer()
    const foreignBefore = await tokenBalance(keys.foreign)
    const paid = await payer.pay(`${served.resource.url}/foreign`)
    expect(paid.status).not.toBe(200)
    const payload = decodePaymentSignatureHeader(served.resource.lastPaymentHeader()!)
    expect(payload.accepted.payTo).toBe(keys.foreign)

    expect((await postFacilitator('settle', payload)).status).toBe(401)
    const wrongPayTo = await postFacilitator('settle', payload, apiKey)
    expect(wrongPayTo.status).toBe(403)
    expect(await wrongPayTo.json()).toMatchObject({
      success: false,
      errorReason: 'invalid_pay_to_not_merchant',
      transaction: '',
    })
    expect(await tokenBalance(keys.foreign)).toBe(foreignBefore)
    expect(await tokenBalance(payer.address)).toBe(1_000_000n)
    expect(await rowsOf(payer.address)).toHaveLength(0)
  }, 60_000)
})
