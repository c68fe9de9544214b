import { startSolanaDevnet, type SolanaDevnet } from '@paylink/devnet/solana'
import type { Asset, Link } from '@paylink/shared'
import { Keypair } from '@solana/web3.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, it, onTestFailed } from 'vitest'
import { buildApp } from '../app.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { merchantOf } from '../merchants/merchant.js'
import { expectFaultRunHeld, paidWithin, untilFaulted, watchHealth, faultyAppSettings } from '../testing/faultChecks.js'
import { closeInOrder } from '../testing/closeInOrder.js'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhookReceiver.js'
import { startFaultProxy, type FaultProxy } from '../testing/startFaultProxy.js'
import { fundSolanaPayer, type SolanaPayer } from '../testing/solanaPayer.js'

// Solana payments found by their reference through a provider that fails, limits, lags, answers
// getTransaction with null for a signature it has just listed, and goes down (#27): each credited
// once with its amount while the faults go on. It fails when the per-account marker moves past a
// signature whose transaction was not read.
let devnet: SolanaDevnet
let database: Database
let proxy: FaultProxy
let app: FastifyInstance
let apiKey: string
let payer: SolanaPayer
let receiver: WebhookReceiver
let sol: string
const merchant = Keypair.generate().publicKey.toBase58()

beforeAll(async () => {
  devnet = await startSolanaDevnet({ slotMs: 100, finalizeDepth: 8 })
  proxy = await startFaultProxy({ upstream: devnet.rpcUrl, flavour: 'solana', rate: 0.3, hangMs: 3000 })
  receiver = await startWebhookReceiver()
  database = await openDatabase({ dataDir: ':memory:' })
  ;({ token: apiKey } = await createApiKey(database.db, merchantOf({ namespace: 'solana', address: merchant }), 't'))
  const network = devnet.caipNetworkId
  sol = `${network}/slip44:501`
  const assets: Asset[] = [
    { assetId: sol, caipNetworkId: network, symbol: 'SOL', name: 'Solana', decimals: 9, native: true },
  ]
  app = await buildApp({
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks: [
      {
        caipNetworkId: network,
        name: 'Solana devnet',
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        rpcUrl: proxy.url,
        blockExplorerUrl: null,
        testnet: true,
        confirmations: 1,
      },
    ],
    assets,
    database,
    webDist: '/nonexistent',
    ...faultyAppSettings(),
  })
  payer = await fundSolanaPayer(devnet, [merchant])
  app.paymentLinks.start()
}, 60_000)
afterAll(() => closeInOrder(app, receiver, proxy, devnet, database))

async function createLink(amount: string): Promise<Link> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { authorization: `Bearer ${apiKey}` },
    payload: { title: 'Faulty', options: [{ asset: sol, amount }], webhookUrl: receiver.url },
  })
  if (response.statusCode !== 201) throw new Error(`createLink: ${response.statusCode} ${response.body}`)
  return response.json()
}
const state = async (id: string): Promise<Link> => (await app.inject({ method: 'GET', url: `/api/links/${id}` })).json()
describe('Solana payments while the RPC fails, limits, lags and goes down', () => {
  it('credits each payment once with its amount within 30 s, before, during and after a 5 s outage; webhooks once each; an unpaid link stays open; health answers, down in the outage, ok after', async () => {
    onTestFailed(() => console.error(`FAULT_SEED=${proxy.seed} replays the faults: ${JSON.stringify(proxy.injected)}`))
    const health = watchHealth(app, devnet.caipNetworkId)
    const unpaid = await createLink('2')
    const pay = async (amount: string) => {
      const link = await createLink(amount)
      await payer.pay(link.options[0]!.paymentUri!)
      return { link, amount }
    }
    const made = [await pay('0.15'), await pay('0.225')]
    // Faults only while the first two are looked for, and until the proxy has injected more than 3
    // (a seed may draw few in a short phase), then the outage on top of them.
    await paidWithin(state, made[1]!.link.id, 30_000)
    await untilFaulted(proxy)
    proxy.outage(5000)
    made.push(await pay('0.05'), await pay('0.3'))
    await new Promise((resolve) => setTimeout(resolve, 5000))
    made.push(await pay('0.5'), await pay('0.675'))
    await expectFaultRunHeld({ app, made, unpaidId: unpaid.id, read: state, proxy, receiver, health })
    console.info(`solana faults: seed ${proxy.seed}, ${proxy.requests} requests, ${JSON.stringify(proxy.injected)}`)
  }, 120_000)
})
