/**
 * The server under test, in its own process (forked by startBenchServer, compiled to JavaScript
 * as `npm start` runs it) so its memory is measured alone and the load tool does not share its
 * event loop: the devnet in a child process of its own (as `npm start` runs it), PGlite in a temporary directory, and the app composed as `startServer` composes it (workers started),
 * listening on port 0; beside it, in the same process, a bare Fastify route as the ceiling.
 * Run with --expose-gc: the parent asks for memory after a full collection.
 */
import { startDevnetProcess } from '@paylink/devnet/process'
import Fastify from 'fastify'
import { startBenchApp } from './startBenchApp.js'
import type { ParentMessage, ReadyMessage } from './startBenchServer.js'

const send = (message: unknown) => process.send!(message)
// The chains in their own process, as `npm start` runs them: this process holds the server alone.
const devnet = await startDevnetProcess({ bitcoin: false })
const webDist = process.env.PAYLINK_BENCH_WEB_DIST
const databaseUrl = process.env.PAYLINK_BENCH_DATABASE_URL
const {
  app,
  apiKey,
  merchant,
  close: closeApp,
} = await startBenchApp(devnet, {
  demo: true,
  ...(webDist ? { webDist } : {}),
  ...(databaseUrl ? { databaseUrl } : {}),
})
const address = await app.listen({ port: 0, host: '127.0.0.1' })
app.paymentLinks.start()

const bare = Fastify()
bare.get('/bare', async () => ({ ok: true }))
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' })

const close = async () => {
  await bare.close()
  await closeApp()
  await devnet.stop()
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'memory') {
    if (message.gc) (globalThis as { gc?: () => void }).gc?.()
    const { rss, heapUsed, external } = process.memoryUsage()
    send({ type: 'memory', id: message.id, rss, heapUsed, external, streams: app.paymentLinks.events.size() })
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
