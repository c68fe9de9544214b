import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { buildOfflineApp } from '../testing/offlineApp.js'

const opened: Array<{ app: FastifyInstance; database: Database }> = []
afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close()
    await database.close()
  }
})

async function appWith(trustProxy: false | string[]) {
  const database = await openDatabase({ dataDir: ':memory:' })
  const app = await buildOfflineApp(database, {
    trustProxy,
    siwx: { nonceRateLimit: { max: 2, timeWindow: 60_000 }, signInRateLimit: { max: 2, timeWindow: 60_000 } },
  })
  opened.push({ app, database })
  return app
}

const nonceFrom = (app: FastifyInstance, forwardedFor: string) =>
  app.inject({ method: 'GET', url: '/api/siwx/nonce', headers: { 'x-forwarded-for': forwardedFor } })

describe('TRUST_PROXY: whose address the per-IP limits count', () => {
  it('behind a trusted proxy, each client (X-Forwarded-For) has its own bucket', async () => {
    const app = await appWith(['127.0.0.1'])
    for (let i = 0; i < 2; i++) expect((await nonceFrom(app, '203.0.113.7')).statusCode).toBe(200)
    expect((await nonceFrom(app, '203.0.113.7')).statusCode).toBe(429)
    expect((await nonceFrom(app, '198.51.100.9')).statusCode).toBe(200)
  })

  it('without it, a forged X-Forwarded-For changes nothing: the socket address is the client', async () => {
    const app = await appWith(false)
    for (let i = 0; i < 2; i++) expect((await nonceFrom(app, `203.0.113.${i}`)).statusCode).toBe(200)
    const refused = await nonceFrom(app, '198.51.100.9')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  })

  it('reads hop counts and address lists, and refuses anything else naming the variable', () => {
    expect(loadConfig({}, '/srv').trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }, '/srv').trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }, '/srv').trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }, '/srv').trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ])
    expect(() => loadConfig({ TRUST_PROXY: 'yes' }, '/srv')).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' }, '/srv')).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '99' }, '/srv')).toThrow(/TRUST_PROXY/)
  })
})
