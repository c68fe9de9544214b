import { bitcoinNetworkOf } from '@paylink/chains/bip122/server'
import { regtestFixture, startEsploraFixture, type EsploraFixture } from '@paylink/chains/bip122/testing/esploraFixture'
import type { Link } from '@paylink/shared'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'
import { bip84Tpub } from '../testing/bitcoinFixtureApp.js'
import { regtestBtc, regtestChain } from '../testing/bitcoinRegtest.js'
import { useBitcoinTestApp, type BitcoinTestApp } from '../testing/bitcoinTestApp.js'
import {
  expectFaultRunHeld,
  firstPassSucceeds,
  paidWithin,
  untilFaulted,
  watchHealth,
  faultyAppSettings,
} from '../testing/faultChecks.js'
import { startFaultProxy, type FaultProxy } from '../testing/startFaultProxy.js'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhookReceiver.js'

// Bitcoin payments found by the whole app (tracker, database, webhooks) through an Esplora that
// fails about 30 % of requests (503, 429 with Retry-After, hangs past the timeout, cut JSON, a
// lagging tip) and then every request for an outage (#27): each credited once with its amount
// while the faults go on. It once credited nothing until the faults stopped, because one failed
// GET threw away the whole pass.
const { genesisHash, payerAddress } = regtestFixture
const bitcoinApp = useBitcoinTestApp()
let esplora: EsploraFixture
let proxy: FaultProxy
let receiver: WebhookReceiver
let app: BitcoinTestApp
let coin = 0

beforeAll(async () => {
  esplora = await startEsploraFixture(bitcoinNetworkOf(regtestChain)!, genesisHash)
  for (let i = 0; i < 3; i++) esplora.mine()
  proxy = await startFaultProxy({ upstream: esplora.url, flavour: 'esplora', rate: 0.3, hangMs: 1500 })
  receiver = await startWebhookReceiver()
  app = await bitcoinApp.start({
    esploraUrl: proxy.url,
    networkName: 'Bitcoin regtest (faulty)',
    receivingKey: bip84Tpub,
    overrides: faultyAppSettings([regtestChain]),
  })
  await firstPassSucceeds(app.server)
  app.server.paymentLinks.start()
}, 60_000)
afterAll(async () => {
  await app?.server.paymentLinks.stop()
  await receiver?.close()
  await proxy?.close()
  await esplora?.close()
})

async function createLink(amount: string): Promise<Link> {
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/links',
    headers: app.headers,
    payload: { title: 'Faulty', options: [{ asset: regtestBtc.assetId, amount }], webhookUrl: receiver.url },
  })
  if (response.statusCode !== 201) throw new Error(`createLink: ${response.statusCode} ${response.body}`)
  return response.json()
}
const state = async (id: string): Promise<Link> => app.link(id)

describe('Bitcoin payments while the Esplora fails, limits, lags and goes down', () => {
  it('credits each payment once with its amount within 30 s, before, during and after a 5 s outage; webhooks once each; an unpaid link stays open; health answers, down in the outage, ok after', async () => {
    onTestFailed(() => console.error(`FAULT_SEED=${proxy.seed} replays the faults: ${JSON.stringify(proxy.injected)}`))
    const health = watchHealth(app.server, regtestChain)
    const unpaid = await createLink('0.002')
    // Open links a pass reads the mempool of (as a shop's have): more reads per pass, each of
    // which may fail, as the provider's faults hit a real tracker's pass.
    const alsoOpen = await Promise.all(Array.from({ length: 8 }, () => createLink('0.004')))
    // Each payment mined in its own block; those of the outage wait in two blocks that a pass
    // after it walks together, where a block failing amid the walk must not be stepped over.
    const pay = async (amount: string, sats: bigint) => {
      const link = await createLink(amount)
      const payment = esplora.transaction(
        [{ txid: (++coin).toString(16).padStart(64, '0'), vout: 0, address: payerAddress, value: 10_000_000n }],
        [{ address: link.options[0]!.depositAddress!, value: sats }],
      )
      esplora.mine([payment])
      return { link, amount }
    }
    const made = [await pay('0.0015', 150_000n), await pay('0.00225', 225_000n)]
    // Faults only while the first two are looked for, and until the proxy has injected more than 3.
    await paidWithin(state, made[1]!.link.id, 30_000)
    await untilFaulted(proxy)
    proxy.outage(5000)
    made.push(await pay('0.0005', 50_000n), await pay('0.003', 300_000n))
    await new Promise((resolve) => setTimeout(resolve, 5000))
    made.push(await pay('0.005', 500_000n), await pay('0.00675', 675_000n))
    await expectFaultRunHeld({ app: app.server, made, unpaidId: unpaid.id, read: state, proxy, receiver, health })
    for (const link of alsoOpen) expect((await state(link.id)).status).toBe('open')
    console.info(`bitcoin faults: seed ${proxy.seed}, ${proxy.requests} requests, ${JSON.stringify(proxy.injected)}`)
  }, 120_000)
})
