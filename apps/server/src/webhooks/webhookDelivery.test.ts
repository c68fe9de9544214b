import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { links, webhookDeliveries } from '../db/schema.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import type { WebhookPolicy } from './checkWebhookUrl.js'
import { resolveWebhookTarget, type LookupAll } from './resolveWebhookTarget.js'
import { sendWebhook } from './sendWebhook.js'
import { createWebhookWorker } from './webhookWorker.js'

const strict: WebhookPolicy = { allowHttp: false, allowPrivateAddresses: false }
const devPolicy: WebhookPolicy = { allowHttp: true, allowPrivateAddresses: true }

interface Receiver {
  port: number
  hits: number
  close(): Promise<void>
}

async function startReceiver(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Receiver> {
  const receiver = { port: 0, hits: 0, close: async () => {} }
  const server: Server = createServer((req, res) => {
    receiver.hits++
    req.resume()
    req.on('end', () => handle(req, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.port = (server.address() as AddressInfo).port
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return receiver
}

const send = (url: string, address = '127.0.0.1', extra: { timeoutMs?: number; maxResponseBytes?: number } = {}) =>
  sendWebhook({
    url,
    address: { address, family: 4 },
    body: '{"a":1}',
    secret: 's',
    eventId: 'evt_1',
    timeoutMs: extra.timeoutMs ?? 2000,
    maxResponseBytes: extra.maxResponseBytes ?? 64 * 1024,
  })

describe('resolveWebhookTarget', () => {
  const lookup =
    (addresses: string[]): LookupAll =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))

  it('refuses a host when ANY of its addresses is private (a public first answer does not save it)', async () => {
    const url = new URL('https://hooks.shop.example/x')
    expect(await resolveWebhookTarget(url, strict, lookup(['93.184.216.34']))).toEqual({
      ok: true,
      address: { address: '93.184.216.34', family: 4 },
    })
    expect(await resolveWebhookTarget(url, strict, lookup(['93.184.216.34', '169.254.169.254']))).toEqual({
      ok: false,
      error:
        'refused: hooks.shop.example resolves to 169.254.169.254, a link-local address (cloud metadata lives here)',
    })
    expect(await resolveWebhookTarget(url, strict, lookup(['2606:4700::1', '::ffff:10.0.0.7']))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/::ffff:10\.0\.0\.7, a private address/),
    })
    expect(await resolveWebhookTarget(url, devPolicy, lookup(['127.0.0.1']))).toMatchObject({ ok: true })
    expect(await resolveWebhookTarget(url, strict, lookup([]))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/cannot resolve/),
    })
    const failing: LookupAll = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' })
    }
    expect(await resolveWebhookTarget(url, strict, failing)).toEqual({
      ok: false,
      error: 'cannot resolve hooks.shop.example (ENOTFOUND)',
    })
    const stalled: LookupAll = () => new Promise(() => {})
    expect(await resolveWebhookTarget(url, strict, stalled, 50)).toEqual({
      ok: false,
      error: 'cannot resolve hooks.shop.example (no answer within 50 ms)',
    })
  })

  it('checks the real resolver: localhost is loopback', async () => {
    expect(await resolveWebhookTarget(new URL('http://localhost:1/x'), strict)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^refused: localhost resolves to .*loopback/),
    })
  })
})

describe('sendWebhook', () => {
  it('connects to the pinned address, never looking the name up again (no DNS rebinding)', async () => {
    const receiver = await startReceiver((req, res) => res.writeHead(200).end(req.headers.host))
    try {
      // The name does not exist in DNS: the request can only succeed through the pinned address.
      const result = await send(`http://rebind.invalid:${receiver.port}/hook`)
      expect(result).toEqual({ ok: true, statusCode: 200, error: null })
      expect(receiver.hits).toBe(1)
    } finally {
      await receiver.close()
    }
  })

  it('does not follow redirects, caps the answer it reads, and gives up after the timeout', async () => {
    const receiver = await startReceiver((req, res) => {
      if (req.url === '/redirect') return res.writeHead(307, { location: '/elsewhere' }).end()
      if (req.url === '/huge') {
        res.writeHead(200)
        const chunk = Buffer.alloc(64 * 1024, 'x')
        // Endless: only the reader's cap ends this exchange.
        const pump = () => {
          while (res.write(chunk)) continue
        }
        res.on('drain', pump)
        pump()
        return
      }
      if (req.url === '/slow') return setTimeout(() => res.writeHead(200).end(), 5000).unref()
      res.writeHead(200).end()
    })
    try {
      expect(await send(`http://hook.test:${receiver.port}/redirect`)).toEqual({
        ok: false,
        statusCode: 307,
        error: 'HTTP 307',
      })
      expect(receiver.hits).toBe(1)
      expect(await send(`http://hook.test:${receiver.port}/huge`, '127.0.0.1', { maxResponseBytes: 1024 })).toEqual({
        ok: true,
        statusCode: 200,
        error: null,
      })
      const started = Date.now()
      expect(await send(`http://hook.test:${receiver.port}/slow`, '127.0.0.1', { timeoutMs: 200 })).toEqual({
        ok: false,
        statusCode: null,
        error: 'no answer within 200 ms',
      })
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      await receiver.close()
    }
  })
})

describe('webhook worker address checks', () => {
  let database: Database
  // Opening PGlite takes seconds on a loaded 2-core machine.
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' })
  }, 60_000)
  afterAll(async () => database?.close())

  async function deliveryTo(url: string): Promise<string> {
    const linkId = `lnk_${Math.random().toString(36).slice(2)}`
    await database.db.insert(links).values({
      id: linkId,
      merchant: 'eip155:0x0',
      merchantAddress: '0x0',
      title: 't',
      status: 'open',
      webhookUrl: url,
      webhookSecret: 'whsec_x',
      version: 1,
    })
    const id = `whd_${Math.random().toString(36).slice(2)}`
    await database.db.insert(webhookDeliveries).values({
      id,
      eventId: `evt_${id}`,
      linkId,
      type: 'link.paid',
      url,
      body: '{}',
      giveUpAt: new Date(Date.now() + 3600_000),
    })
    return id
  }
  const row = async (id: string) =>
    (await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!

  it('refuses at delivery time what resolves to a private address, records why, and retries later', async () => {
    const receiver = await startReceiver((_req, res) => res.writeHead(200).end())
    try {
      // A public-looking name whose DNS answer (today) is loopback: only a delivery-time check sees it.
      const lookupAll: LookupAll = async () => [{ address: '127.0.0.1', family: 4 }]
      const id = await deliveryTo(`http://hooks.shop.example:${receiver.port}/hook`)
      const worker = createWebhookWorker({
        db: database.db,
        policy: { allowHttp: true, allowPrivateAddresses: false },
        lookupAll,
      })
      expect(await worker.runOnce()).toBe(1)
      const refused = await row(id)
      expect(refused).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null })
      expect(refused.lastError).toBe('URL refused: hooks.shop.example resolves to 127.0.0.1, a loopback address')
      expect(refused.nextAttemptAt).not.toBeNull()
      expect(receiver.hits).toBe(0)

      // The same row with the development policy (the demo's) goes through.
      await database.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(webhookDeliveries.id, id))
      await createWebhookWorker({ db: database.db, policy: devPolicy, lookupAll }).runOnce()
      expect(await row(id)).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200, lastError: null })
      expect(receiver.hits).toBe(1)
    } finally {
      await receiver.close()
    }
  })

  it('fails a URL the policy refuses outright (plain http, metadata IP) without a retry', async () => {
    const http = await deliveryTo('http://hooks.shop.example/x')
    const metadata = await deliveryTo('https://169.254.169.254/latest/meta-data')
    await createWebhookWorker({ db: database.db, policy: strict }).runOnce()
    expect(await row(http)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'URL refused: must be an https URL',
      nextAttemptAt: null,
    })
    expect(await row(metadata)).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/^URL refused: must not point at 169\.254\.169\.254, a link-local address/),
    })
  })

  it('counts an attempt when it starts: a send cut off by a dead process and sent again shows 2', async () => {
    let dyingRun: Promise<number> | undefined
    let answer = false
    const receiver = await startReceiver((_req, res) => {
      if (answer) res.writeHead(200).end()
      // The first request is never answered: its sender "dies" before recording anything.
    })
    try {
      const id = await deliveryTo(`http://hooks.test:${receiver.port}/hook`)
      const lookupAll: LookupAll = async () => [{ address: '127.0.0.1', family: 4 }]

      const dying = createWebhookWorker({
        db: database.db,
        policy: devPolicy,
        lookupAll,
        timeoutMs: 60_000,
        leaseMs: 200,
      })
      dyingRun = dying.runOnce()
      while (receiver.hits === 0) await new Promise((r) => setTimeout(r, 20))
      expect((await row(id)).attempts, 'counted while the first send is in flight').toBe(1)

      // The lease runs out as if the process had died; another process sends it again.
      answer = true
      await new Promise((r) => setTimeout(r, 250))
      expect(await createWebhookWorker({ db: database.db, policy: devPolicy, lookupAll }).runOnce()).toBe(1)
      expect(await row(id)).toMatchObject({ status: 'succeeded', attempts: 2 })
      expect(receiver.hits).toBe(2)
    } finally {
      await receiver.close()
      // The cut-off send ends with the receiver; its late write must land before the database closes.
      await dyingRun?.catch(() => {})
    }
  })
})
