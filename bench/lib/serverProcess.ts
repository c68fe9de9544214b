/**
 * The server under test, in its own process (forked by startBenchServer) so its memory is
 * measured alone and the load tool does not share its event loop: the devnet, PGlite in a
 * temporary directory, and the app composed as `startServer` composes it (workers started),
 * listening on port 0; beside it, in the same process, a bare Fastify route as the ceiling.
 * Run with --expose-gc: the parent asks for memory after a full collection.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet } from '@paylink/devnet'
import Fastify from 'fastify'
import { createApiKey } from '../../apps/server/src/apiKeys/apiKeyStore.js'
import { buildApp } from '../../apps/server/src/app.js'
import { openDatabase } from '../../apps/server/src/db/openDatabase.js'
import { devnetNetworks } from '../../apps/server/src/devnet/devnetNetworks.js'
import { merchantOf } from '../../apps/server/src/links/requireMerchant.js'
import type { ParentMessage, ReadyMessage } from './startBenchServer.js'

const send = (message: unknown) => process.send!(message)
const dataDir = await mkdtemp(join(tmpdir(), 'paylink-bench-'))
const devnet = await startDevnet()
const database = await openDatabase({ dataDir: join(dataDir, 'pglite') })
const demo = devnetNetworks(devnet, 'http://127.0.0.1')
const app = await buildApp({
  publicOrigin: 'http://127.0.0.1',
  projectId: null,
  demo: true,
  networks: demo.networks,
  assets: demo.assets,
  database,
  webDist: join(dataDir, 'no-web-build'),
  devnetUpstreams: demo.upstreams,
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
app.paymentLinks.start()

const bare = Fastify()
bare.get('/bare', async () => ({ ok: true }))
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' })

const merchant = devnet.accounts[5]!
const { token: apiKey } = await createApiKey(database.db, merchantOf({ namespace: 'eip155', address: merchant }), 'bench')

const close = async () => {
  await bare.close()
  await app.close()
  await database.close()
  await devnet.stop()
  await rm(dataDir, { recursive: true, force: true })
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'memory') {
    if (message.gc) (globalThis as { gc?: () => void }).gc?.()
    const { rss, heapUsed } = process.memoryUsage()
    send({ type: 'memory', id: message.id, rss, heapUsed })
  } else if (message.type === 'close') {
    void close().finally(() => process.exit(0))
  }
})
process.on('disconnect', () => void close().finally(() => process.exit(0)))

send({
  type: 'ready',
  origin: address,
  bareOrigin: bareAddress,
  apiKey,
  merchant,
  accounts: devnet.accounts,
  chains: devnet.chains,
  token: devnet.token,
} satisfies ReadyMessage)
