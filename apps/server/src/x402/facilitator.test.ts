import { decodePaymentRequiredHeader, decodePaymentResponseHeader, decodePaymentSignatureHeader } from '@x402/core/http'
import { x402Client } from '@x402/core/client'
import type { PaymentPayload } from '@x402/core/types'
import { toClientEvmSigner } from '@x402/evm'
import { ExactEvmScheme as ExactEvmClient } from '@x402/evm/exact/client'
import { ExactEvmScheme as ExactEvmServer } from '@x402/evm/exact/server'
import { wrapFetchWithPayment } from '@x402/fetch'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  parseAbi,
  parseEther,
  type Address,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import {
  postFacilitator as postToFacilitator,
  serveWithPaidResource,
  type PaidResource,
  type ServedFacilitator,
} from './paidResourceFixture.js'
import { devnetNetworks } from '../devnet/devnetNetworks.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { x402Payments } from '../db/schema.js'
import { fastPaymentLinks, L1, startHarness, type Harness } from '../testing/paymentLinksHarness.js'
import { closeInOrder } from '../testing/closeInOrder.js'

const price = 10_000n // 0.01 TUSD
const network = L1 as `eip155:${string}`
let database: Database
let h: Harness
let app: FastifyInstance
let facilitatorUrl: string
let tusd: Address
let served: ServedFacilitator
let resource: PaidResource
let resourceUrl: string
let gasAddress: Address
const foreign = getAddress('0x000000000000000000000000000000000000dEaD')

const balanceOf = (owner: Address) =>
  h.client().readContract({ address: tusd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** A client with a key the resource server never saw, holding 1 TUSD, allowing Test USD in its spend controls. */
async function newPayer() {
  const account = privateKeyToAccount(generatePrivateKey())
  await createTestClient({ transport: http(h.devnet.chains[0]!.rpcUrl), mode: 'anvil' }).setBalance({
    address: account.address,
    value: 0n,
  })
  const minter = h.devnet.accounts[0]!
  const hash = await createWalletClient({ transport: http(h.devnet.chains[0]!.rpcUrl), account: minter }).writeContract(
    {
      chain: null,
      address: tusd,
      abi: parseAbi(['function mint(address to, uint256 amount)']),
      functionName: 'mint',
      args: [account.address, 1_000_000n],
    },
  )
  await h.client().waitForTransactionReceipt({ hash, pollingInterval: 20 })
  const client = x402Client.fromConfig({
    schemes: [{ network, client: new ExactEvmClient(toClientEvmSigner(account, h.client())) }],
    spendControls: { allowedAssets: [{ network, asset: tusd, maxAmountPerPayment: '1000000' }] },
  })
  return { address: account.address, client, pay: wrapFetchWithPayment(fetch, client) }
}

/** The `payment.x402` events of one payer's payments in the merchant's feed. */
async function x402EventsOf(payer: Address) {
  const events = await app.inject({
    method: 'GET',
    url: '/api/events?limit=500',
    headers: { authorization: `Bearer ${h.apiKey}` },
  })
  expect(events.statusCode, events.body).toBe(200)
  return events
    .json<{ events: Array<{ type: string; data: { x402Payment?: { payer: string } } }> }>()
    .events.filter((event) => event.type === 'payment.x402' && event.data.x402Payment?.payer === payer)
    .map((event) => event.data.x402Payment)
}

const postFacilitator = (path: 'verify' | 'settle', payload: PaymentPayload, apiKey?: string) =>
  postToFacilitator(facilitatorUrl, path, payload, apiKey)

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
  h = await startHarness(database)
  tusd = h.assets.tusd.split(':').at(-1) as Address
  const gasKey = generatePrivateKey()
  gasAddress = privateKeyToAccount(gasKey).address
  await createTestClient({ transport: http(h.devnet.chains[0]!.rpcUrl), mode: 'anvil' }).setBalance({
    address: privateKeyToAccount(gasKey).address,
    value: parseEther('1'),
  })
  app = await buildApp({
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks: h.networks(1),
    assets: devnetNetworks(h.devnet).assets,
    database,
    webDist: '/nonexistent',
    paymentLinks: fastPaymentLinks,
    // A paid URL's target below is on loopback, as the demo's webhooks are.
    webhooks: { allowHttp: true, allowPrivateAddresses: true },
    // A threshold of 0.5 ETH (X402_LOW_GAS_EVM), so the funded 1 ETH is not low and the answer shows it.
    x402: { evmPrivateKey: gasKey, lowGas: { evmWei: parseEther('0.5'), solanaLamports: 10n ** 7n } },
  })
  served = await serveWithPaidResource(app, {
    apiKey: h.apiKey,
    network,
    scheme: new ExactEvmServer(),
    price: { amount: price.toString(), asset: tusd, extra: { name: 'Test USD', version: '1' } },
    payTo: h.merchant.address,
    foreign,
  })
  ;({ facilitatorUrl, resource } = served)
  resourceUrl = resource.url
}, 60_000)

afterAll(() => closeInOrder(served, h, database))

describe('Paylink as an x402 facilitator (EVM exact, EIP-3009 Test USD)', () => {
  it('lists the exact scheme on the devnet chains without a key', async () => {
    const supported = await (await fetch(`${facilitatorUrl}/supported`)).json()
    expect(supported.kinds).toContainEqual(expect.objectContaining({ x402Version: 2, scheme: 'exact', network }))
  })

  it("shows the merchant the gas key's balance per EVM network, and no one else", async () => {
    expect((await app.inject({ method: 'GET', url: '/api/x402/gas' })).statusCode).toBe(401)
    const gas = await app.inject({
      method: 'GET',
      url: '/api/x402/gas',
      headers: { authorization: `Bearer ${h.apiKey}` },
    })
    expect(gas.statusCode, gas.body).toBe(200)
    expect(gas.json()).toMatchObject({ address: gasAddress, threshold: '0.5' })
    const l1 = gas.json().networks.find((n: { caipNetworkId: string }) => n.caipNetworkId === network)
    expect(l1).toMatchObject({ low: false })
    expect(Number(l1.balance)).toBeGreaterThan(0.9)
    // The L2's gas key was never funded.
    expect(gas.json().networks).toContainEqual({ caipNetworkId: 'eip155:31338', balance: '0', low: true })
    // The health report shows the same balances, without a key, for a monitor to warn on.
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode, health.body).toBe(200)
    expect(health.json().x402Gas).toEqual(gas.json())
  })

  it("publishes Test USD's EIP-712 domain in /api/config, the one the token signs under", async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json()
    const asset = config.assets.find((a: { assetId: string }) => a.assetId === h.assets.tusd)
    const [, name, version] = await h.client().readContract({
      address: tusd,
      abi: parseAbi([
        'function eip712Domain() view returns (bytes1, string, string, uint256, address, bytes32, uint256[])',
      ]),
      functionName: 'eip712Domain',
    })
    expect(asset.eip712).toEqual({ name, version })
  })

  it('answers 402 first, then 200 with the settlement; the Test USD moves payer to merchant once, recorded once', async () => {
    const payer = await newPayer()
    const merchant = h.merchant.address as Address
    const [payerBefore, merchantBefore] = await Promise.all([balanceOf(payer.address), balanceOf(merchant)])

    const unpaid = await fetch(`${resourceUrl}/weather`)
    expect(unpaid.status).toBe(402)

    const paid = await payer.pay(`${resourceUrl}/weather`)
    expect(paid.status, await paid.clone().text()).toBe(200)
    expect(await paid.json()).toEqual({ sky: 'clear' })
    const settlement = decodePaymentResponseHeader(paid.headers.get('payment-response')!)
    expect(settlement).toMatchObject({ success: true, network, payer: payer.address })
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/)

    expect(await balanceOf(payer.address)).toBe(payerBefore - price)
    expect(await balanceOf(merchant)).toBe(merchantBefore + price)
    // The payer spent no gas: it has none.
    expect(await h.client().getBalance({ address: payer.address })).toBe(0n)

    const rows = await database.db.select().from(x402Payments).where(eq(x402Payments.payer, payer.address))
    expect(rows).toEqual([
      expect.objectContaining({
        merchant: h.merchant.id,
        caipNetworkId: network,
        amount: price.toString(),
        payTo: getAddress(merchant),
        txHash: settlement.transaction.toLowerCase(),
        resourceUrl: `${resourceUrl}/weather`,
        description: 'Weather now',
      }),
    ])

    // The merchant's books: the payment in GET /api/payments, found by its transaction, in the totals.
    const list = await app.inject({
      method: 'GET',
      url: `/api/payments?q=${settlement.transaction}`,
      headers: { authorization: `Bearer ${h.apiKey}` },
    })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().payments).toEqual([
      expect.objectContaining({
        id: rows[0]!.id,
        kind: 'x402',
        linkId: null,
        linkTitle: 'Weather now',
        x402: { resourceUrl: `${resourceUrl}/weather`, description: 'Weather now' },
        status: 'confirmed',
        amount: '0.01',
        symbol: 'TUSD',
        asset: h.assets.tusd,
        payer: payer.address,
        txHash: settlement.transaction.toLowerCase(),
      }),
    ])
    expect(list.json().totals).toEqual([
      expect.objectContaining({ asset: h.assets.tusd, symbol: 'TUSD', confirmed: '0.01', count: 1 }),
    ])

    // The same authorization again, straight to the facilitator: refused, nothing moves or is counted.
    const replayed = decodePaymentSignatureHeader(resource.lastPaymentHeader()!)
    const verify = await (await postFacilitator('verify', replayed, h.apiKey)).json()
    expect(verify).toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_nonce_already_used' })
    const settle = await postFacilitator('settle', replayed, h.apiKey)
    expect(await settle.json()).toMatchObject({
      success: false,
      errorReason: 'invalid_exact_evm_nonce_already_used',
      transaction: '',
    })
    expect(await balanceOf(merchant)).toBe(merchantBefore + price)
    expect(await database.db.select().from(x402Payments).where(eq(x402Payments.payer, payer.address))).toHaveLength(1)

    // One `payment.x402` event in the merchant's feed, the replay announced nothing.
    expect(await x402EventsOf(payer.address)).toEqual([
      expect.objectContaining({
        id: rows[0]!.id,
        linkId: null,
        status: 'confirmed',
        amount: '0.01',
        asset: h.assets.tusd,
        txHash: settlement.transaction.toLowerCase(),
        resourceUrl: `${resourceUrl}/weather`,
        description: 'Weather now',
      }),
    ])
    // And one row in the CSV export, titled by the resource.
    const csv = await app.inject({
      method: 'GET',
      url: '/api/payments.csv',
      headers: { authorization: `Bearer ${h.apiKey}` },
    })
    expect(csv.statusCode, csv.body).toBe(200)
    const records = csv.body.split('\r\n').filter((line) => line.startsWith(`${rows[0]!.id},`))
    expect(records).toEqual([
      [
        rows[0]!.id,
        '',
        'Weather now',
        network,
        h.assets.tusd,
        'TUSD',
        '0.01',
        '',
        '',
        '',
        payer.address,
        settlement.transaction.toLowerCase(),
        'confirmed',
        '',
        '1',
        '1',
        'false',
        rows[0]!.createdAt.toISOString(),
        rows[0]!.createdAt.toISOString(),
        rows[0]!.createdAt.toISOString(),
        '0',
        '',
        // No order: order_of, quantity and the payer's answers stay empty.
        '',
        '',
        '',
        '',
        '',
        '',
        // No subscription: subscription_id and plan_id stay empty.
        '',
        '',
      ].join(','),
    ])
  }, 60_000)

  it('verifies without recording or moving anything', async () => {
    const payer = await newPayer()
    const unpaid = await fetch(`${resourceUrl}/weather`)
    const payload = await payer.client.createPaymentPayload(
      decodePaymentRequiredHeader(unpaid.headers.get('payment-required')!),
    )
    const verify = await postFacilitator('verify', payload, h.apiKey)
    expect(verify.status).toBe(200)
    expect(await verify.json()).toMatchObject({ isValid: true, payer: payer.address })
    expect(await balanceOf(payer.address)).toBe(1_000_000n)
    expect(await database.db.select().from(x402Payments).where(eq(x402Payments.payer, payer.address))).toHaveLength(0)
    expect(await x402EventsOf(payer.address)).toEqual([])
  }, 60_000)

  it('refuses with the x402 reason an expired authorization, a wrong amount, an unknown asset or network, and a payer without the funds', async () => {
    const payer = await newPayer()
    const required = decodePaymentRequiredHeader(
      (await fetch(`${resourceUrl}/weather`)).headers.get('payment-required')!,
    )
    const verify = async (payload: PaymentPayload) => (await postFacilitator('verify', payload, h.apiKey)).json()
    const sign = (change: Partial<PaymentPayload['accepted']> = {}) =>
      payer.client.createPaymentPayload({ ...required, accepts: [{ ...required.accepts[0]!, ...change }] })

    // The scheme signs validBefore = now + maxTimeoutSeconds: 1 s is too close to settle.
    expect(await verify(await sign({ maxTimeoutSeconds: 1 }))).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_exact_evm_payload_authorization_valid_before',
    })
    const signed = await sign()
    const wrongAmount = { ...signed, accepted: { ...signed.accepted, amount: '20000' } }
    expect(await verify(wrongAmount)).toMatchObject({
      isValid: false,
      invalidReason: 'invalid_exact_evm_payload_authorization_value_mismatch',
    })
    const otherAsset = { ...signed, accepted: { ...signed.accepted, asset: foreign } }
    expect(await verify(otherAsset)).toMatchObject({
      isValid: false,
      invalidReason: 'unsupported_asset_not_configured',
    })
    const otherNetwork = { ...signed, accepted: { ...signed.accepted, network: 'eip155:1' as const } }
    expect(await verify(otherNetwork)).toMatchObject({
      isValid: false,
      invalidReason: 'unsupported_scheme_or_network',
    })

    const broke = privateKeyToAccount(generatePrivateKey())
    const brokeClient = x402Client.fromConfig({
      schemes: [{ network, client: new ExactEvmClient(toClientEvmSigner(broke, h.client())) }],
      spendControls: false,
    })
    const unfunded = await brokeClient.createPaymentPayload(required)
    const refused = await verify(unfunded)
    expect(refused.isValid).toBe(false)
    // Without Multicall3 on the devnet, @x402/evm cannot tell why its simulation failed.
    expect(refused.invalidReason).toMatch(/^invalid_exact_evm_(insufficient_balance|transaction_simulation_failed)$/)
    expect(await database.db.select().from(x402Payments).where(eq(x402Payments.payer, payer.address))).toHaveLength(0)
  }, 60_000)

  it('refuses a call without an API key (401) and a payTo the merchant does not receive at (403), settling nothing', async () => {
    const payer = await newPayer()
    const foreignBefore = await balanceOf(foreign)
    const paid = await payer.pay(`${resourceUrl}/foreign`)
    expect(paid.status).not.toBe(200)
    const payload = decodePaymentSignatureHeader(resource.lastPaymentHeader()!)
    expect(payload.accepted.payTo).toBe(foreign)

    const noKey = await postFacilitator('settle', payload)
    expect(noKey.status).toBe(401)
    const wrongPayTo = await postFacilitator('settle', payload, h.apiKey)
    expect(wrongPayTo.status).toBe(403)
    expect(await wrongPayTo.json()).toMatchObject({
      success: false,
      errorReason: 'invalid_pay_to_not_merchant',
      transaction: '',
    })
    expect(await balanceOf(foreign)).toBe(foreignBefore)
    expect(await balanceOf(payer.address)).toBe(1_000_000n)
    expect(await database.db.select().from(x402Payments).where(eq(x402Payments.payer, payer.address))).toHaveLength(0)
  }, 60_000)
})

describe("Paid URLs: Paylink serves a merchant's price and target at /x402/r/<id>", () => {
  it('creates one through the API, charges for it over x402 and books it; a bad target writes nothing; disabled is 404', async () => {
    const target = createServer(
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('the data'),
    )
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    const origin = new URL(facilitatorUrl).origin
    const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${h.apiKey}` }, ...(payload ? { payload } : {}) })
    const body = { title: 'The data', asset: h.assets.tusd, amount: '0.01' }
    try {
      const bad = await api('POST', '/api/x402/resources', { ...body, targetUrl: 'https://user:secret@example.com/' })
      expect(bad.statusCode, bad.body).toBe(400)
      expect(bad.json().error.message).toMatch(/targetUrl: must not contain credentials/)
      expect((await api('GET', '/api/x402/resources')).json()).toEqual({ paidUrls: [] })

      const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/data`
      const created = await api('POST', '/api/x402/resources', { ...body, targetUrl })
      expect(created.statusCode, created.body).toBe(201)
      const paidUrl = created.json()
      expect(paidUrl).toMatchObject({ amount: '0.01', symbol: 'TUSD', payTo: h.merchant.address, targetUrl })
      const url = `${origin}/x402/r/${paidUrl.id}`

      expect((await fetch(url)).status).toBe(402)
      // A payment header that is no payment is the caller's mistake: 402 again, never a 5xx.
      for (const header of ['not base64 at all', Buffer.from(JSON.stringify({ x402Version: 2 })).toString('base64')])
        expect((await fetch(url, { headers: { 'payment-signature': header } })).status).toBe(402)
      const payer = await newPayer()
      const paid = await payer.pay(url)
      expect(paid.status, await paid.clone().text()).toBe(200)
      expect(await paid.text()).toBe('the data')
      const settlement = decodePaymentResponseHeader(paid.headers.get('payment-response')!)
      expect(settlement).toMatchObject({ success: true, network, payer: payer.address })
      expect(await balanceOf(payer.address)).toBe(1_000_000n - price)

      const list = await api('GET', `/api/payments?q=${settlement.transaction}`)
      expect(list.json().payments).toEqual([
        expect.objectContaining({
          kind: 'x402',
          amount: '0.01',
          x402: { resourceUrl: paidUrl.url, description: 'The data' },
        }),
      ])

      const disabled = await api('POST', `/api/x402/resources/${paidUrl.id}/disabled`, { disabled: true })
      expect(disabled.json()).toMatchObject({ disabled: true })
      expect((await fetch(url)).status).toBe(404)
      expect((await fetch(`${origin}/x402/r/res_unknown`)).status).toBe(404)
    } finally {
      target.close()
    }
  })
})
