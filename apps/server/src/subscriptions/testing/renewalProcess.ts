/**
 * A second server process for subscriptionsKill.devnet.test.ts: a Paylink app whose renewal
 * scheduler runs against the test's Postgres and anvil, so the test can kill -9 a real one.
 * Started early (loading the app takes seconds) and driven over stdin: a JSON line with the
 * database, networks, assets and collector key builds the app ("ready" on stdout); then
 * "start <seconds>" moves its clock as far as the test's and starts the scheduler ("started").
 */
import { createInterface } from 'node:readline'
import type { Asset, Network } from '@paylink/shared'
import { buildApp } from '../../app.js'
import { openDatabase } from '../../db/openDatabase.js'

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
const nextLine = async () => String((await lines.next()).value ?? '')

const config = JSON.parse(await nextLine()) as {
  databaseUrl: string
  networks: Network[]
  assets: Asset[]
  collectorPrivateKey: `0x${string}`
}
const app = await buildApp({
  publicOrigin: 'http://localhost:3000',
  projectId: null,
  demo: false,
  networks: config.networks,
  assets: config.assets,
  database: await openDatabase({ url: config.databaseUrl, maxConnections: 2 }),
  webDist: '/nonexistent',
  logLevel: 'warn',
  subscriptions: { collectorPrivateKey: config.collectorPrivateKey, intervalMs: 50 },
})
console.log('ready')
const [command, seconds] = (await nextLine()).split(' ')
if (command !== 'start') process.exit(1)
app.subscriptions.clock.advance(Number(seconds))
app.subscriptions.start()
console.log('started')
