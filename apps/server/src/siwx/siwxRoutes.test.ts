import type { SiwxSession } from '@paylink/shared'
import { meSchema, siwxNonceResponseSchema, siwxSessionsResponseSchema } from '@paylink/shared'
import { startAnvil, type StartAnvilReturnType } from '@paylink/devnet'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { pad, serializeErc6492Signature } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type AppConfig } from '../app.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { canStartTestPostgres, startTestPostgres, type TestPostgres } from '../testing/testPostgres.js'
import { testNetwork } from '../testing/offlineApp.js'
import { deploySmartAccountFactory, type SmartAccountFactory } from './testing/deploySmartAccounts.js'
import {
  bitcoinSigner,
  evmSigner,
  signedSession,
  solanaSigner,
  type MessageParameters,
  type TestSigner,
} from './testing/siwxTestKit.js'

const origin = 'http://localhost:3000'
const evmChain = 'eip155:31337'
const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const bitcoinChain = 'bip122:000000000019d6689c085ae165831e93'
const statement = 'Sign in to Paylink'

let anvil: StartAnvilReturnType
let smartAccounts: SmartAccountFactory
let postgres: TestPostgres | null = null
const toClose: Array<() => Promise<unknown>> = []

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  smartAccounts = await deploySmartAccountFactory(anvil.rpcUrl, 31337)
  if (canStartTestPostgres()) postgres = await startTestPostgres()
}, 60_000)

afterAll(async () => {
  for (const close of toClose.reverse()) await close().catch(() => {})
  await anvil?.stop()
  await postgres?.stop()
})

async function startApp(database: Database, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    publicOrigin: origin,
    projectId: null,
    demo: false,
    networks: [
      testNetwork(evmChain, anvil.rpcUrl),
      testNetwork(solanaChain, 'http://127.0.0.1:9'),
      testNetwork(bitcoinChain, 'http://127.0.0.1:9'),
    ],
    assets: [],
    database,
    webDist: '/nonexistent',
    siwx: { nonceRateLimit: { max: 10_000, timeWindow: 60_000 }, signInRateLimit: { max: 10_000, timeWindow: 60_000 } },
    ...overrides,
  })
  toClose.push(() => app.close())
  return app
}

async function openPglite(): Promise<Database> {
  const database = await openDatabase({ dataDir: ':memory:' })
  toClose.push(() => database.close())
  return database
}

const databases: Array<[string, () => Promise<Database>]> = [['PGlite', openPglite]]
if (canStartTestPostgres()) {
  databases.push([
    'Postgres',
    async () => {
      const database = await openDatabase({ url: postgres!.url })
      toClose.push(() => database.close())
      return database
    },
  ])
}

describe.each(databases)('SIWX over HTTP (%s)', (_kind, open) => {
  let database: Database
  let app: FastifyInstance

  beforeAll(async () => {
    database = await open()
    app = await startApp(database)
  })

  const nonce = async (): Promise<string> => {
    const res = await app.inject({ method: 'GET', url: '/api/siwx/nonce' })
    expect(res.statusCode).toBe(200)
    return siwxNonceResponseSchema.parse(res.json()).nonce
  }
  const message = async (overrides: Partial<MessageParameters> = {}): Promise<MessageParameters> => {
    const issuedAt = new Date()
    return {
      domain: 'localhost:3000',
      statement,
      uri: origin,
      version: '1',
      chainId: evmChain,
      nonce: await nonce(),
      issuedAt: issuedAt.toISOString(),
      expirationTime: new Date(issuedAt.getTime() + 86_400_000).toISOString(),
      ...overrides,
    }
  }
  const post = (body: unknown, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/siwx/sessions',
      headers: { origin, ...(cookie ? { cookie: `paylink_session=${cookie}` } : {}) },
      payload: body as object,
    })
  const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'paylink_session')?.value
  const me = (cookie: string | undefined) =>
    app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie: `paylink_session=${cookie}` } : {} })
  const count = async (table: 'sessions' | 'session_accounts') =>
    (await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n
  const nonceUsed = async (value: string) =>
    (
      await database.db.execute<{ used: boolean }>(
        sql`select used_at is not null as used from siwx_nonces where nonce = ${value}`,
      )
    ).rows[0]?.used
  const signIn = async (signer: TestSigner, overrides: Partial<MessageParameters> = {}, cookie?: string) => {
    const res = await post(await signedSession(signer, await message(overrides)), cookie)
    expect(res.statusCode, res.body).toBe(201)
    return { res, cookie: cookieOf(res)! }
  }

  /**
   * Sends a sign-in that one check must refuse, and proves nothing was stored: no session, no
   * account, and (the nonce being ours and live) the nonce still unused - a refusal does not
   * burn it, so the same nonce then signs in once the mistake is fixed.
   */
  async function expectRefused(
    body: SiwxSession,
    status: number,
    code: string,
    options: { nonceLive?: boolean } = { nonceLive: true },
  ): Promise<void> {
    const before = [await count('sessions'), await count('session_accounts')]
    const res = await post(body)
    expect(res.json(), res.body).toMatchObject({ error: { code } })
    expect(res.statusCode).toBe(status)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect([await count('sessions'), await count('session_accounts')]).toEqual(before)
    if (options.nonceLive) expect(await nonceUsed(body.data.nonce)).toBe(false)
  }

  describe('GET /api/siwx/nonce', () => {
    it('issues distinct alphanumeric nonces of 24 characters, valid 10 minutes, with the message hints', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/siwx/nonce' })
      const body = siwxNonceResponseSchema.parse(res.json())
      expect(body.nonce).toMatch(/^[a-zA-Z0-9]{24}$/)
      expect(body).toMatchObject({ statement, domain: 'localhost:3000', uri: origin, sessionTtlSeconds: 86_400 })
      expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(590_000)
      expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(600_000)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(await nonce()).not.toBe(body.nonce)
    })
  })

  describe('POST /api/siwx/sessions: accepted', () => {
    it('EOA: 201, the session, an httpOnly SameSite=Lax cookie without Secure on http', async () => {
      const signer = evmSigner()
      const { res } = await signIn(signer)
      expect(res.json()).toEqual({
        session: {
          accounts: [{ caipNetworkId: evmChain, address: signer.address, namespace: 'eip155' }],
          expiresAt: expect.any(String),
        },
      })
      const cookie = res.cookies.find((c) => c.name === 'paylink_session')!
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
      expect(cookie.secure).toBeUndefined()
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    })

    it('the session lasts until the message expires when that is sooner than the TTL', async () => {
      const expirationTime = new Date(Date.now() + 3_600_000).toISOString()
      const { res } = await signIn(evmSigner(), { expirationTime })
      expect(Date.parse(res.json().session.expiresAt)).toBe(Date.parse(expirationTime))
    })

    it('without Expiration Time the session lasts the TTL (24 h)', async () => {
      const { res } = await signIn(evmSigner(), { expirationTime: undefined })
      const ms = Date.parse(res.json().session.expiresAt) - Date.now()
      expect(ms).toBeGreaterThan(86_000_000)
      expect(ms).toBeLessThanOrEqual(86_400_000)
    })

    it('ERC-1271: a deployed smart account', async () => {
      const owner = evmSigner()
      const account = await smartAccounts.deploy(owner.address as `0x${string}`, pad('0x11', { size: 32 }))
      await signIn({ address: account, sign: owner.sign })
    })

    it('ERC-6492: a counterfactual smart account (not deployed), wrapped signature', async () => {
      const owner = evmSigner()
      const salt = pad('0x12', { size: 32 })
      const account = await smartAccounts.addressOf(owner.address as `0x${string}`, salt)
      const sign = async (text: string) =>
        serializeErc6492Signature({
          address: smartAccounts.factory,
          data: smartAccounts.deployData(owner.address as `0x${string}`, salt),
          signature: (await owner.sign(text)) as `0x${string}`,
        })
      await signIn({ address: account, sign })
    })

    it.each(['base58', 'base64'] as const)('Solana, %s signature', async (encoding) => {
      const signer = solanaSigner(encoding)
      const { res } = await signIn(signer, { chainId: solanaChain })
      expect(res.json().session.accounts).toEqual([
        { caipNetworkId: solanaChain, address: signer.address, namespace: 'solana' },
      ])
    })

    it.each(['p2wpkh', 'p2tr', 'p2pkh'] as const)('Bitcoin %s (BIP-322; legacy for P2PKH)', async (type) => {
      const signer = bitcoinSigner(type)
      const { res } = await signIn(signer, { chainId: bitcoinChain })
      expect(res.json().session.accounts[0]).toMatchObject({ address: signer.address, namespace: 'bip122' })
    })

    it('allows 60 s of clock skew on Issued At', async () => {
      await signIn(evmSigner(), { issuedAt: new Date(Date.now() + 30_000).toISOString() })
    })
  })

  describe('POST /api/siwx/sessions: refused, nothing stored', () => {
    it('replayed nonce -> 401 NONCE_USED', async () => {
      const body = await signedSession(evmSigner(), await message())
      expect((await post(body)).statusCode).toBe(201)
      await expectRefused(body, 401, 'NONCE_USED', { nonceLive: false })
    })

    it('unknown nonce -> 401 NONCE_UNKNOWN', async () => {
      await expectRefused(
        await signedSession(evmSigner(), await message({ nonce: 'NeverIssuedByPaylink123' })),
        401,
        'NONCE_UNKNOWN',
        {
          nonceLive: false,
        },
      )
    })

    it('expired nonce -> 401 NONCE_EXPIRED', async () => {
      const stale = 'StaleNonce1234567890abcd'
      await database.db.execute(
        sql`insert into siwx_nonces (nonce, issued_at, expires_at) values (${stale}, now() - interval '11 minutes', now() - interval '1 minute')`,
      )
      await expectRefused(await signedSession(evmSigner(), await message({ nonce: stale })), 401, 'NONCE_EXPIRED')
    })

    // Each message differs from a good one in one field; `fields` runs in the test (times are from then).
    it.each<[string, number, string, () => Partial<MessageParameters>]>([
      ['foreign domain', 401, 'DOMAIN_MISMATCH', () => ({ domain: 'evil.example' })],
      ['foreign uri', 401, 'URI_MISMATCH', () => ({ uri: 'https://evil.example' })],
      ['another statement', 401, 'STATEMENT_MISMATCH', () => ({ statement: 'Transfer everything' })],
      ['unknown chain', 400, 'UNSUPPORTED_CHAIN', () => ({ chainId: 'eip155:1' })],
      [
        'expired message',
        401,
        'MESSAGE_EXPIRED',
        () => {
          const past = new Date(Date.now() - 60_000)
          return { issuedAt: new Date(past.getTime() - 60_000).toISOString(), expirationTime: past.toISOString() }
        },
      ],
      [
        'not yet valid',
        401,
        'MESSAGE_NOT_YET_VALID',
        () => ({ notBefore: new Date(Date.now() + 600_000).toISOString() }),
      ],
      [
        'issued-at in the future (beyond 60 s)',
        401,
        'ISSUED_IN_FUTURE',
        () => ({ issuedAt: new Date(Date.now() + 120_000).toISOString() }),
      ],
    ])('%s -> %i %s', async (_name, status, code, fields) => {
      await expectRefused(await signedSession(evmSigner(), await message(fields())), status, code)
    })

    it('tampered message (signed, then the expiry changed in text and data) -> 401 INVALID_SIGNATURE', async () => {
      const params = await message()
      const later = new Date(Date.now() + 30 * 86_400_000).toISOString()
      const body = await signedSession(evmSigner(), params, {
        tamper: (text) => text.replace(params.expirationTime!, later),
        data: { expirationTime: later },
      })
      await expectRefused(body, 401, 'INVALID_SIGNATURE')
    })

    it('data that disagrees with the message -> 400 MESSAGE_MISMATCH', async () => {
      const other = evmSigner()
      await expectRefused(
        await signedSession(evmSigner(), await message(), { data: { accountAddress: other.address } }),
        400,
        'MESSAGE_MISMATCH',
      )
      await expectRefused(
        await signedSession(evmSigner(), await message(), { data: { chainId: solanaChain } }),
        400,
        'MESSAGE_MISMATCH',
      )
    })

    it('signature of another key -> 401 INVALID_SIGNATURE (each namespace)', async () => {
      const cases: Array<[TestSigner, TestSigner, string]> = [
        [evmSigner(), evmSigner(), evmChain],
        [solanaSigner(), solanaSigner(), solanaChain],
        [bitcoinSigner('p2wpkh'), bitcoinSigner('p2wpkh'), bitcoinChain],
        [bitcoinSigner('p2pkh'), bitcoinSigner('p2pkh'), bitcoinChain],
      ]
      for (const [claimed, actual, chainId] of cases) {
        const impostor: TestSigner = { address: claimed.address, sign: actual.sign }
        await expectRefused(await signedSession(impostor, await message({ chainId })), 401, 'INVALID_SIGNATURE')
      }
    })

    it('unparseable dates -> 400 INVALID_TIMESTAMP (fail closed)', async () => {
      await expectRefused(
        await signedSession(evmSigner(), await message({ expirationTime: '2099-02-31T00:00:00Z' })),
        400,
        'INVALID_TIMESTAMP',
      )
      await expectRefused(
        await signedSession(evmSigner(), await message({ notBefore: 'yesterday' })),
        400,
        'INVALID_TIMESTAMP',
      )
      await expectRefused(
        await signedSession(evmSigner(), await message({ issuedAt: 'Wed Oct 05 2011 16:48:00 GMT+0200' })),
        400,
        'INVALID_TIMESTAMP',
      )
    })

    it('missing fields -> 400 INVALID_REQUEST (body) or INVALID_MESSAGE (text)', async () => {
      const body = await signedSession(evmSigner(), await message())
      const { signature: _s, ...noSignature } = body
      const noNonceInData = { ...body, data: { ...body.data, nonce: undefined } }
      for (const incomplete of [noSignature, noNonceInData, { ...body, message: '' }]) {
        const res = await post(incomplete)
        expect(res.statusCode).toBe(400)
        expect(res.json().error.code).toBe('INVALID_REQUEST')
      }
      await expectRefused({ ...body, message: body.message.replace(/\nNonce: .*/, '') }, 400, 'INVALID_MESSAGE')
      expect(await nonceUsed(body.data.nonce)).toBe(false)
    })

    it('oversize body -> 413 BODY_TOO_LARGE', async () => {
      const body = await signedSession(evmSigner(), await message())
      const res = await post({ ...body, padding: 'x'.repeat(17 * 1024) })
      expect(res.statusCode).toBe(413)
      expect(res.json().error.code).toBe('BODY_TOO_LARGE')
      expect(await nonceUsed(body.data.nonce)).toBe(false)
    })

    it('a refused attempt does not burn the nonce: the corrected sign-in then succeeds', async () => {
      const signer = evmSigner()
      const params = await message()
      await expectRefused(
        await signedSession({ address: signer.address, sign: evmSigner().sign }, params),
        401,
        'INVALID_SIGNATURE',
      )
      expect((await post(await signedSession(signer, params))).statusCode).toBe(201)
    })
  })

  describe('one nonce, two concurrent sign-ins', () => {
    it('exactly one 201 and one 401 NONCE_USED, one session', async () => {
      const before = await count('sessions')
      const params = await message()
      const [a, b] = await Promise.all([
        post(await signedSession(evmSigner(), params)),
        post(await signedSession(evmSigner(), params)),
      ])
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 401])
      expect([a, b].find((r) => r.statusCode === 401)!.json().error.code).toBe('NONCE_USED')
      expect(await count('sessions')).toBe(before + 1)
    })
  })

  describe('sessions', () => {
    it('a second sign-in rotates the token, revokes the old one and keeps one account per namespace', async () => {
      const evm = evmSigner()
      const first = await signIn(evm)
      const sol = solanaSigner()
      const second = await signIn(sol, { chainId: solanaChain }, first.cookie)
      expect(second.cookie).not.toBe(first.cookie)
      expect((await me(first.cookie)).statusCode).toBe(401)
      const both = meSchema.parse((await me(second.cookie)).json())
      expect(both.accounts.map((a) => a.address)).toEqual([evm.address, sol.address])

      const evm2 = evmSigner()
      const third = await signIn(evm2, {}, second.cookie)
      expect((await me(second.cookie)).statusCode).toBe(401)
      const replaced = meSchema.parse((await me(third.cookie)).json())
      expect(replaced.accounts).toEqual([
        { caipNetworkId: evmChain, address: evm2.address, namespace: 'eip155' },
        { caipNetworkId: solanaChain, address: sol.address, namespace: 'solana' },
      ])
    })

    it('a revoked cookie at sign-in starts a fresh session', async () => {
      const first = await signIn(evmSigner())
      await app.inject({
        method: 'PUT',
        url: '/api/siwx/sessions',
        headers: { origin, cookie: `paylink_session=${first.cookie}` },
        payload: [],
      })
      const sol = solanaSigner()
      const second = await signIn(sol, { chainId: solanaChain }, first.cookie)
      expect(meSchema.parse((await me(second.cookie)).json()).accounts.map((a) => a.address)).toEqual([sol.address])
    })

    it('GET /api/siwx/sessions returns only the matching live account as an AppKit SIWXSession', async () => {
      const signer = evmSigner()
      const { cookie } = await signIn(signer)
      const get = (query: string, withCookie = true) =>
        app.inject({
          method: 'GET',
          url: `/api/siwx/sessions?${query}`,
          headers: withCookie ? { cookie: `paylink_session=${cookie}` } : {},
        })
      const found = siwxSessionsResponseSchema.parse(
        (await get(`chainId=${evmChain}&address=${signer.address.toLowerCase()}`)).json(),
      )
      expect(found).toHaveLength(1)
      expect(found[0]!.data).toMatchObject({
        accountAddress: signer.address,
        chainId: evmChain,
        domain: 'localhost:3000',
        uri: origin,
      })
      expect(found[0]!.message).toContain(signer.address)
      expect(found[0]!.signature).toMatch(/^0x/)
      expect((await get(`chainId=${evmChain}&address=${evmSigner().address}`)).json()).toEqual([])
      expect((await get(`chainId=${solanaChain}&address=${signer.address}`)).json()).toEqual([])
      expect((await get(`chainId=${evmChain}&address=${signer.address}`, false)).json()).toEqual([])
      expect((await get(`chainId=nope&address=x`)).statusCode).toBe(400)
    })

    it('GET /api/siwx/sessions leaves out an account whose message has expired', async () => {
      const signer = evmSigner()
      const { cookie } = await signIn(signer)
      await database.db.execute(
        sql`update session_accounts set expires_at = now() - interval '1 second' where address = ${signer.address}`,
      )
      const res = await app.inject({
        method: 'GET',
        url: `/api/siwx/sessions?chainId=${evmChain}&address=${signer.address}`,
        headers: { cookie: `paylink_session=${cookie}` },
      })
      expect(res.json()).toEqual([])
      expect((await me(cookie)).statusCode).toBe(401)
    })

    it('DELETE removes one account; the last one ends the session and clears the cookie', async () => {
      const evm = evmSigner()
      const sol = solanaSigner()
      const first = await signIn(evm)
      const { cookie } = await signIn(sol, { chainId: solanaChain }, first.cookie)
      const del = (chainId: string, address: string) =>
        app.inject({
          method: 'DELETE',
          url: `/api/siwx/sessions?chainId=${chainId}&address=${address}`,
          headers: { origin, cookie: `paylink_session=${cookie}` },
        })

      const one = await del(solanaChain, sol.address)
      expect(one.statusCode).toBe(204)
      expect(one.headers['set-cookie']).toBeUndefined()
      expect(meSchema.parse((await me(cookie)).json()).accounts.map((a) => a.address)).toEqual([evm.address])

      const last = await del(evmChain, evm.address)
      expect(last.statusCode).toBe(204)
      expect(String(last.headers['set-cookie'])).toMatch(/paylink_session=;.*Expires=Thu, 01 Jan 1970/)
      expect((await me(cookie)).statusCode).toBe(401)
    })

    it('PUT [] signs out on the server; a non-empty array is refused', async () => {
      const { cookie } = await signIn(evmSigner())
      const put = (payload: unknown) =>
        app.inject({
          method: 'PUT',
          url: '/api/siwx/sessions',
          headers: { origin, cookie: `paylink_session=${cookie}` },
          payload: payload as object,
        })
      const refused = await put([{ data: {}, message: 'trust me', signature: '0x' }])
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.code).toBe('SESSIONS_NOT_ACCEPTED')
      expect((await me(cookie)).statusCode).toBe(200)

      const out = await put([])
      expect(out.statusCode).toBe(204)
      expect(String(out.headers['set-cookie'])).toContain('paylink_session=;')
      expect((await me(cookie)).statusCode).toBe(401)
    })

    it('GET /api/me without a session -> 401 UNAUTHENTICATED', async () => {
      for (const res of [await me(undefined), await me('not-a-real-token')]) {
        expect(res.statusCode).toBe(401)
        expect(res.json().error.code).toBe('UNAUTHENTICATED')
      }
    })

    it('cookie-authenticated writes need our Origin: missing or foreign -> 403 BAD_ORIGIN', async () => {
      const { cookie } = await signIn(evmSigner())
      const put = (headers: Record<string, string>) =>
        app.inject({
          method: 'PUT',
          url: '/api/siwx/sessions',
          headers: { cookie: `paylink_session=${cookie}`, ...headers },
          payload: [],
        })
      for (const res of [
        await put({}),
        await put({ origin: 'https://evil.example' }),
        await put({ origin: 'http://localhost:3001' }),
      ]) {
        expect(res.statusCode).toBe(403)
        expect(res.json().error.code).toBe('BAD_ORIGIN')
      }
      expect((await me(cookie)).statusCode).toBe(200)
      // A sign-in posted from another site is refused too (login CSRF), cookie or not.
      const foreign = await app.inject({
        method: 'POST',
        url: '/api/siwx/sessions',
        headers: { origin: 'https://evil.example' },
        payload: await signedSession(evmSigner(), await message()),
      })
      expect(foreign.statusCode).toBe(403)
      // Reads are not writes.
      expect((await me(cookie)).statusCode).toBe(200)
    })
  })
})

/**
 * Asks `app` for a nonce (on `host`, when given), signs an EVM sign-in for `domain` and `uri`
 * with it and posts it with `headers`: the sign-in of a browser on another origin than the default.
 */
async function signInOn(
  app: FastifyInstance,
  { domain, uri, headers, host }: { domain: string; uri: string; headers: Record<string, string>; host?: string },
) {
  const answer = siwxNonceResponseSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/siwx/nonce', headers: host ? { host } : {} })).json(),
  )
  const body = await signedSession(evmSigner(), {
    domain,
    statement,
    uri,
    version: '1',
    chainId: evmChain,
    nonce: answer.nonce,
    issuedAt: new Date().toISOString(),
  })
  const res = await app.inject({ method: 'POST', url: '/api/siwx/sessions', headers, payload: body })
  return { answer, res }
}

describe('SIWX app options', () => {
  it('Secure cookie when the public origin is https', async () => {
    const app = await startApp(await openPglite(), { publicOrigin: 'https://pay.example.com' })
    const { res } = await signInOn(app, {
      domain: 'pay.example.com',
      uri: 'https://pay.example.com',
      headers: { origin: 'https://pay.example.com' },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.cookies.find((c) => c.name === 'paylink_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    })
  })

  it('several public origins: each signs in from its own address; an unlisted one is still refused', async () => {
    const app = await startApp(await openPglite(), {
      publicOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    })
    const signInAt = (site: string, headers: Record<string, string> = { origin: site }) => {
      const host = new URL(site).host
      return signInOn(app, { domain: host, uri: site, headers, host })
    }
    // The nonce answer names the origin the request came in on, when it is one of ours.
    const local = await signInAt('http://127.0.0.1:3000')
    expect(local.answer).toMatchObject({ domain: '127.0.0.1:3000', uri: 'http://127.0.0.1:3000' })
    expect(local.res.statusCode, local.res.body).toBe(201)
    const named = await signInAt('http://localhost:3000')
    expect(named.answer).toMatchObject({ domain: 'localhost:3000', uri: 'http://localhost:3000' })
    expect(named.res.statusCode, named.res.body).toBe(201)
    // Another host: the nonce falls back to the canonical origin; the sign-in keeps today's refusals.
    const lan = await signInAt('http://192.168.1.20:3000', {})
    expect(lan.answer).toMatchObject({ domain: 'localhost:3000', uri: 'http://localhost:3000' })
    expect(lan.res.statusCode).toBe(401)
    expect(lan.res.json().error).toEqual({
      code: 'DOMAIN_MISMATCH',
      message: 'The message is for "192.168.1.20:3000", not for localhost:3000.',
    })
    const badOrigin = await signInAt('http://192.168.1.20:3000')
    expect(badOrigin.res.statusCode).toBe(403)
    expect(badOrigin.res.json().error).toEqual({
      code: 'BAD_ORIGIN',
      message: 'Writes with a session must come from http://localhost:3000 (Origin header).',
    })
    // The right host on the wrong origin's uri is still a URI mismatch.
    const { res } = await signInOn(app, {
      domain: '127.0.0.1:3000',
      uri: 'http://localhost:3000',
      headers: { origin: 'http://127.0.0.1:3000' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('URI_MISMATCH')
  })

  it('rate limits nonces and sign-ins per IP -> 429 RATE_LIMITED', async () => {
    const app = await startApp(await openPglite(), {
      siwx: { nonceRateLimit: { max: 2, timeWindow: 60_000 }, signInRateLimit: { max: 1, timeWindow: 60_000 } },
    })
    const codes = []
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'GET', url: '/api/siwx/nonce' })).statusCode)
    expect(codes).toEqual([200, 200, 429])
    const post = () => app.inject({ method: 'POST', url: '/api/siwx/sessions', headers: { origin }, payload: {} })
    expect((await post()).statusCode).toBe(400)
    const limited = await post()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.code).toBe('RATE_LIMITED')
  })

  it('statement and session TTL come from the options', async () => {
    const app = await startApp(await openPglite(), { siwx: { statement: 'Welcome back', sessionTtlSeconds: 120 } })
    const { nonce, statement: expected } = siwxNonceResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/siwx/nonce' })).json(),
    )
    expect(expected).toBe('Welcome back')
    const body = await signedSession(evmSigner(), {
      domain: 'localhost:3000',
      statement: 'Welcome back',
      uri: origin,
      version: '1',
      chainId: evmChain,
      nonce,
      issuedAt: new Date().toISOString(),
    })
    const res = await app.inject({ method: 'POST', url: '/api/siwx/sessions', headers: { origin }, payload: body })
    expect(res.statusCode, res.body).toBe(201)
    expect(Date.parse(res.json().session.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000)
  })
})
