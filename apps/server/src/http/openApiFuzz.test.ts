/**
 * Hostile input, measured: reads /api/openapi.json and sends generated malformed and boundary
 * requests to every documented route, signed in (session cookie, API key) and not.
 * Pass: no 5xx, every 4xx in the API error shape, and no change in the database from a
 * refused (4xx) request. Fixed seed; prints the requests sent per route.
 */
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  evmChain,
  offlineAssets,
  signInSolana,
  solanaChain,
  testOrigin,
  useOfflineApps,
} from '../testing/offlineApp.js'

const seed = 20_251_122
const totalRequests = 5200
const unlimited = { max: 1_000_000, timeWindow: 60_000 }

const context = useOfflineApps({
  siwx: { nonceRateLimit: unlimited, signInRateLimit: unlimited },
  limits: {
    createLinkRateLimit: unlimited,
    submitPaymentRateLimit: unlimited,
    createApiKeyRateLimit: unlimited,
    maxOpenLinksPerMerchant: 100_000,
  },
  // Long enough that a submission's first chain read (against a dead RPC: fails at once) ends
  // inside the request, so no write of a 202 lands during a later request.
  paymentLinks: { submitCheckTimeoutMs: 10_000, tracker: { rpcTimeoutMs: 500 } },
  webhooks: { allowHttp: true, allowPrivateAddresses: false },
})

type JsonSchema = Record<string, any>
interface Operation {
  method: string
  path: string
  params: Array<{ name: string; in: 'path' | 'query'; schema: JsonSchema }>
  body: JsonSchema | null
}
interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
}

let app: FastifyInstance
let operations: Operation[]
let auth: { cookie: string; apiKey: string; linkId: string; keyId: string }

/**
 * A fresh merchant: a session signed in over the real routes, an API key and a link. Done again
 * whenever a generated request signs out or revokes the key, so the signed-in share stays signed in.
 */
async function newMerchant(): Promise<void> {
  const { cookie } = await signInSolana(app)
  const headers = { cookie, origin: testOrigin }
  const key = (await app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: 'fuzz' } })).json()
  const link = await app.inject({
    method: 'POST',
    url: '/api/links',
    headers,
    payload: {
      title: 'Fuzz',
      options: [{ asset: offlineAssets[0]!.assetId, amount: '1', recipient: `0x${'1'.repeat(40)}` }],
      webhookUrl: 'https://shop.example/hook',
    },
  })
  expect(link.statusCode).toBe(201)
  auth = { cookie, apiKey: key.token, keyId: key.id, linkId: link.json().id }
}

beforeAll(async () => {
  app = await context.app()
  await newMerchant()
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, JsonSchema>>
  }
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []) as Operation['params'],
      body: (op.requestBody?.content?.['application/json']?.schema ?? null) as JsonSchema | null,
    })),
  )
}, 60_000)

// ---- values -------------------------------------------------------------------------------

const hex = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
const hugeString = fc.constantFrom('x'.repeat(5000), 'é'.repeat(3000), '\u{1F600}'.repeat(2000), 'a'.repeat(70_000))
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '../../etc/passwd',
    '%00',
    "'; drop table links; --",
    '<script>alert(1)</script>',
    '__proto__',
    'null',
    '0x',
    '-1',
    '1e309',
    'NaN',
    '١٢٣',
    'ｅｉｐ１５５:1',
  ),
  hugeString,
)
const junk: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.constantFrom(-1, 0, -0, 1.5, 1e308, -1e308, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 31_536_001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 4 }),
)

/** Values that pass a field's checks, so requests get past the first one and reach deeper code. */
function realistic(name: string): fc.Arbitrary<unknown> | null {
  switch (name) {
    case 'asset':
      return fc.constantFrom(
        ...offlineAssets.map((a) => a.assetId),
        `${evmChain}/erc20:0x${'0'.repeat(40)}`,
        `${solanaChain}/slip44:501`,
      )
    case 'amount':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('1', '0.01', '12.5', '0.000001') },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '0',
            '0.0000001',
            '1.1234567',
            '9'.repeat(78),
            '9'.repeat(90),
            '1e5',
            '-1',
            '.5',
            '1.',
            ' 1',
          ),
        },
        { weight: 1, arbitrary: fc.nat().map(String) },
      )
    case 'recipient':
      return hex(20)
    case 'caipNetworkId':
    case 'chainId':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(evmChain, solanaChain) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'eip155:1',
            'eip155:99999999999999999999',
            'bip122:000000000019d6689c085ae165831e93',
          ),
        },
      )
    case 'title':
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 120 }) },
        { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(121), '\u0000', '\u{1F600}'.repeat(60)) },
      )
    case 'txHash':
      return hex(32)
    case 'expiresInSeconds':
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 31_536_000 }) },
        { weight: 1, arbitrary: fc.constantFrom(0, -1, 31_536_001, 1.5, 2 ** 53) },
      )
    case 'webhookUrl':
      return fc.oneof(
        { weight: 3, arbitrary: fc.webUrl({ validSchemes: ['https'] }) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            'https://shop.example/hook',
            'http://shop.example/hook',
            'https://127.0.0.1/x',
            'https://[::1]/',
            'https://169.254.169.254/',
            'ftp://x',
            'https://u:p@shop.example/',
            'not a url',
            'https://10.0.0.1/',
            'https://[fd00::1]/',
            'https://localhost/',
          ),
        },
      )
    case 'address':
      return fc.oneof(hex(20), fc.constantFrom('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'))
    case 'namespace':
      return fc.constantFrom('bip122', 'eip155', 'solana')
    case 'hash':
      // A merchant logo's content hash (sha-256, hex); none is stored in the fuzzer's database.
      return fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.constantFrom('0'.repeat(63), 'F'.repeat(64)))
    case 'id':
    case 'deliveryId':
    case 'deviceId':
    case 'orderId':
      return fc.oneof(
        fc.constant(auth.linkId),
        fc.constant(auth.keyId),
        fc.stringMatching(/^(lnk|whd|key|pay|pos)_[A-Za-z0-9_-]{1,30}$/),
      )
    default:
      return null
  }
}

/** null 9 times in 10, else a value: for rare mutations. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary })

/** A value for a JSON schema: mostly valid-shaped, with junk at any node. */
function valueFor(schema: JsonSchema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk
  const valid = validFor(schema, name, depth)
  return fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: junk })
}

/** Options a link can be created with (distinct assets, a recipient, amounts within decimals). */
const linkOptions = fc.subarray(offlineAssets, { minLength: 1 }).chain((assets) =>
  fc.tuple(
    ...assets.map((asset) =>
      fc.record({
        asset: fc.constant(asset.assetId),
        amount: fc.constantFrom('1', '0.5', '0.000001'),
        recipient: hex(20),
      }),
    ),
  ),
)

/** Strings a pattern matches; null for a pattern fast-check cannot generate from (lookarounds). */
function matching(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern))
  } catch {
    return null
  }
}

function validFor(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  const known = realistic(name)
  if (known) return known
  if (name === 'options' && schema.type === 'array')
    return fc.oneof({ weight: 3, arbitrary: linkOptions }, { weight: 1, arbitrary: validFor({ ...schema }, '', depth) })
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]))
  if ('const' in schema) return fc.constant(schema.const)
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (variants) return fc.oneof(...variants.map((v) => validFor(v, name, depth)))
  switch (schema.type) {
    case 'string': {
      const max = Math.min(schema.maxLength ?? 64, 300)
      const boundary = fc.constantFrom('x'.repeat(schema.minLength ?? 0), 'x'.repeat(max), 'x'.repeat(max + 1))
      const any = fc.string({ minLength: schema.minLength ?? 0, maxLength: max })
      return schema.pattern ? fc.oneof(matching(schema.pattern) ?? any, boundary) : fc.oneof(any, boundary)
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1e6
      const max = schema.maximum ?? 1e6
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }),
        fc.constantFrom(min, max, min - 1, max + 1, 0.5),
      )
    }
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(valueFor(schema.items, name, depth + 1), {
        minLength: 0,
        maxLength: Math.min((schema.maxItems ?? 4) + 1, 12),
      })
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
      const required = new Set<string>(schema.required ?? [])
      const fields = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, valueFor(child, key, depth + 1)]),
      )
      const record = fc.record(fields, { requiredKeys: [...required].filter((k) => k in fields) })
      // Sometimes a required field goes missing, sometimes an unknown one comes along.
      return fc
        .tuple(
          record,
          sometimes(fc.constantFrom(...[...required, ''])),
          sometimes(fc.dictionary(fc.string({ maxLength: 10 }), junk, { minKeys: 1, maxKeys: 2 })),
        )
        .map(([value, drop, extra]) => {
          const out: Record<string, unknown> = { ...(value as Record<string, unknown>), ...(extra ?? {}) }
          if (drop) delete out[drop]
          return out
        })
    }
    default:
      return junk
  }
}

// ---- requests -----------------------------------------------------------------------------

/** encodeURIComponent, with lone surrogates (which it refuses) made U+FFFD first. */
const encode = (value: string) => encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'))

const rawBodies = fc.constantFrom(
  '{',
  '{"title":',
  '[1,2',
  'nul',
  '',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '"just a string"',
  '1e999999',
  '{"a":' + '['.repeat(5000),
)
const contentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json;;;',
  '',
)

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path')
  const queryParams = op.params.filter((p) => p.in === 'query')
  // Not the stream of a link that exists: it stays open until the client leaves.
  const isStream = op.path.endsWith('/events')
  const pathValue = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: realistic(name)!.filter((v) => !(isStream && v === auth.linkId)) },
      { weight: 2, arbitrary: nastyString.map((s) => s.slice(0, 400)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('..', '.', '%2e%2e', 'a/b', '%2F', '%', '%ZZ', '0', '-1', 'lnk_' + 'a'.repeat(300)),
      },
    )
  const path = fc
    .tuple(...pathParams.map((p) => pathValue(p.name).map((v) => [p.name, String(v)] as const)))
    .map((pairs) =>
      pairs.reduce(
        (url, [name, value]) => url.replace(`{${name}}`, /^%|\/|^\.{1,2}$/.test(value) ? value : encode(value)),
        op.path,
      ),
    )
  const query = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema, p.name)])), { requiredKeys: [] })
        .map((q) =>
          Object.entries(q)
            .map(([k, v]) => `${k}=${encode(typeof v === 'string' ? v : String(JSON.stringify(v)))}`)
            .join('&'),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'chainId=a&chainId=b',
        'address[]=x',
        '%E0%A4%A',
        '&&&=',
        'chainId',
        `address=${'a'.repeat(5000)}`,
        'a[b][c]=d&__proto__[x]=1',
      ),
    },
  )
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = op.body
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: valueFor(op.body, 'body').map((value) => ({
            payload: JSON.stringify(value) ?? 'null',
            contentType: 'application/json',
          })),
        },
        { weight: 1, arbitrary: rawBodies.map((payload) => ({ payload, contentType: 'application/json' })) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              contentTypes,
              fc.oneof(
                rawBodies,
                valueFor(op.body, 'body').map((v) => JSON.stringify(v) ?? ''),
              ),
            )
            .map(([contentType, payload]) => ({ payload, contentType })),
        },
        { weight: 1, arbitrary: fc.constant({}) },
      )
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.oneof(
                rawBodies,
                junk.map((v) => JSON.stringify(v) ?? ''),
              ),
              contentTypes,
            )
            .map(([payload, contentType]) => ({ payload, contentType: contentType || 'application/json' })),
        },
      )
  const identity = fc.constantFrom('none', 'session', 'apiKey', 'badKey', 'badCookie', 'both', 'weirdAuth')
  const origin = fc.oneof(
    { weight: 6, arbitrary: fc.constant(testOrigin) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, 'https://evil.example', 'null', testOrigin.toUpperCase()) },
  )
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(op.method) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
  )

  return fc
    .record({ method, path, query, body, identity, origin })
    .map(({ method, path, query, body, identity, origin }) => {
      const headers: Record<string, string> = {}
      if (origin) headers.origin = origin
      if (identity === 'session' || identity === 'both') headers.cookie = auth.cookie
      if (identity === 'apiKey' || identity === 'both') headers.authorization = `Bearer ${auth.apiKey}`
      if (identity === 'badKey') headers.authorization = 'Bearer plk_notakey'
      if (identity === 'badCookie') headers.cookie = 'paylink_session=AAAA; paylink_session=BBBB'
      if (identity === 'weirdAuth') headers.authorization = `Basic ${'a'.repeat(300)}`
      if (body.contentType) headers['content-type'] = body.contentType
      return {
        method,
        url: query ? `${path}?${query}` : path,
        headers,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      }
    })
}

// ---- database changes ---------------------------------------------------------------------

/**
 * Every insert, update, delete or truncate of any table bumps one counter (row triggers), so
 * "did this request change the database" is one cheap read instead of a checksum of every
 * table. `last_used_at` of an API key is left out: it records that a valid key was presented,
 * which is true even when the request is refused later.
 */
async function watchChanges(tables: string[]): Promise<() => Promise<number>> {
  const db = context.database.db
  await db.execute(sql.raw('create table fuzz_changes (n bigint not null)'))
  await db.execute(sql.raw('insert into fuzz_changes values (0)'))
  await db.execute(
    sql.raw(`
    create function fuzz_count_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (to_jsonb(old) - 'last_used_at') = (to_jsonb(new) - 'last_used_at') then return null; end if;
      update fuzz_changes set n = n + 1;
      return null;
    end $$;`),
  )
  for (const table of tables) {
    await db.execute(
      sql.raw(
        `create trigger fuzz_rows after insert or update or delete on "${table}" for each row execute function fuzz_count_change()`,
      ),
    )
    await db.execute(
      sql.raw(
        `create trigger fuzz_truncate after truncate on "${table}" for each statement execute function fuzz_count_change()`,
      ),
    )
  }
  return async () => {
    const result = (await db.execute(sql.raw('select n::int as n from fuzz_changes'))) as unknown as {
      rows: Array<{ n: number }>
    }
    return result.rows[0]!.n
  }
}

describe('OpenAPI fuzzer', () => {
  it(`sends ${totalRequests} generated requests across every route: no 5xx, 4xx in the error shape, no change from a refused request`, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(15)
    const tableRows = (await context.database.db.execute(
      sql.raw(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      ),
    )) as unknown as { rows: Array<{ name: string }> }
    const tables = tableRows.rows.map((r) => r.name)
    expect(tables).toEqual(
      expect.arrayContaining([
        'links',
        'link_options',
        'payments',
        'api_keys',
        'sessions',
        'session_accounts',
        'webhook_deliveries',
      ]),
    )
    const changes = await watchChanges(tables)
    // The counter sees writes: a sign-in, a key and a link are several.
    const beforeMerchant = await changes()
    await newMerchant()
    expect(await changes()).toBeGreaterThan(beforeMerchant + 3)

    const perRoute = Math.ceil(totalRequests / operations.length)
    const counts = new Map<string, Record<string, number>>()
    let before = await changes()
    let sent = 0
    let snapshotMs = 0
    const started = Date.now()
    for (const [index, op] of operations.entries()) {
      const route = `${op.method} ${op.path}`
      const tally: Record<string, number> = { sent: 0 }
      counts.set(route, tally)
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (request) => {
          const response = await app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          })
          sent++
          tally.sent!++
          const group =
            response.statusCode < 400
              ? `${Math.floor(response.statusCode / 100)}xx`
              : `${response.statusCode} ${request.method === 'HEAD' ? '' : ((response.json() as { error?: { code?: string } }).error?.code ?? '')}`.trim()
          tally[group] = (tally[group] ?? 0) + 1
          const what = `${request.method} ${request.url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`
          expect(response.statusCode, what).toBeLessThan(500)
          const t0 = performance.now()
          const after = await changes()
          snapshotMs += performance.now() - t0
          if (response.statusCode >= 400) {
            if (request.method !== 'HEAD')
              expect(response.json(), what).toEqual({
                error: { code: expect.stringMatching(/^[A-Z][A-Z0-9_]*$/), message: expect.any(String) },
              })
            expect(after - before, `database changed by a refused request: ${what}`).toBe(0)
          }
          before = after
          if (response.statusCode < 300 && (request.method === 'DELETE' || request.method === 'PUT')) {
            await newMerchant()
            before = await changes()
          }
        }),
        { seed: seed + index, numRuns: perRoute, endOnFailure: true },
      )
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const lines = [...counts].map(
      ([route, t]) =>
        `${route.padEnd(58)} ${String(t.sent).padStart(5)}  ${Object.entries(t)
          .filter(([k]) => k !== 'sent')
          .sort()
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
    )
    console.log(
      `OpenAPI fuzzer (seed ${seed}): ${sent} requests over ${counts.size} routes in ${seconds} s (${(snapshotMs / 1000).toFixed(1)} s of it reading the change counter)\n${lines.join('\n')}`,
    )
    expect(sent).toBeGreaterThanOrEqual(5000)
    for (const [route, t] of counts) expect(t.sent, route).toBe(perRoute)
  }, 300_000)
})
