import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLinkOk, merchantApiKey } from '../testing/merchantApi.js'
import { offlineAssets, useOfflineApps } from '../testing/offlineApp.js'
import { checkoutShellMarker } from './checkoutShell.js'
import { compressThresholdBytes } from './compression.js'

const h = useOfflineApps()
let webDist: string
let app: FastifyInstance
let linkId: string

// Text that compresses well and is well above the threshold, like a built chunk.
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`text ${i}`)};`).join(
  '\n',
)
const indexHtml = `<!doctype html><html><head><title>Paylink</title></head><body><div id="root">${checkoutShellMarker}</div><script type="module" src="/assets/app.js"></script>${'<!-- padding -->'.repeat(80)}</body></html>`

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'paylink-compression-'))
  mkdirSync(join(webDist, 'assets'))
  // What the build writes (apps/web/vite.config.ts): each text file with its .br and .gz beside it.
  for (const [name, text] of [
    ['index.html', indexHtml],
    ['assets/app.js', script],
  ] as const) {
    writeFileSync(join(webDist, name), text)
    writeFileSync(join(webDist, `${name}.br`), brotliCompressSync(text))
    writeFileSync(join(webDist, `${name}.gz`), gzipSync(text))
  }
  writeFileSync(join(webDist, 'assets/plain.js'), script)
  app = await h.app({ webDist })
  const apiKey = await merchantApiKey(h.database, 'compression')
  linkId = (
    await createLinkOk(app, apiKey, { title: 'Mugs', options: [{ asset: offlineAssets[0]!.assetId, amount: '1' }] })
  ).id
}, 120_000)

afterAll(() => rmSync(webDist, { recursive: true, force: true }))

const decode = (encoding: string | undefined, body: Buffer): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body

async function getAs(url: string, acceptEncoding: string | null, accept = '*/*') {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { accept, ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }) },
  })
  const encoding = response.headers['content-encoding'] as string | undefined
  return { response, encoding, decoded: decode(encoding, response.rawPayload).toString('utf8') }
}

describe('compression', () => {
  const pages = [
    ['a built asset (precompressed at build time)', '/assets/app.js', '*/*'],
    ['a built asset without .br/.gz beside it', '/assets/plain.js', '*/*'],
    ['the landing page (index.html from the build)', '/', 'text/html'],
    ['a client-side route (index.html through the not-found fallback)', '/wallet', 'text/html'],
    ['the checkout page (made per request)', '', 'text/html'],
    ['a JSON answer', '/api/openapi.json', 'application/json'],
  ] as const

  for (const [what, path, accept] of pages) {
    it(`sends ${what} as br or gzip, as asked, decoding to the identity bytes`, async () => {
      const url = path || `/pay/${linkId}`
      const identity = await getAs(url, null, accept)
      expect(identity.response.statusCode).toBe(200)
      expect(identity.encoding).toBeUndefined()
      const plain = await getAs(url, 'identity', accept)
      expect(plain.encoding).toBeUndefined()
      expect(plain.decoded).toBe(identity.decoded)
      if (Buffer.byteLength(identity.decoded) < compressThresholdBytes) return
      for (const encoding of ['br', 'gzip']) {
        const compressed = await getAs(url, encoding === 'br' ? 'gzip, deflate, br' : 'gzip', accept)
        expect(compressed.response.statusCode).toBe(200)
        expect(compressed.encoding).toBe(encoding)
        expect(String(compressed.response.headers.vary).toLowerCase()).toContain('accept-encoding')
        expect(compressed.response.rawPayload.byteLength).toBeLessThan(Buffer.byteLength(identity.decoded))
        expect(compressed.decoded).toBe(identity.decoded)
      }
    })
  }

  it('proves the checkout and JSON cases above are big enough to be compressed', async () => {
    for (const url of [`/pay/${linkId}`, '/api/openapi.json']) {
      const { decoded } = await getAs(url, null)
      expect(Buffer.byteLength(decoded), url).toBeGreaterThanOrEqual(compressThresholdBytes)
    }
  })

  it('sends a small answer as it is', async () => {
    const small = await getAs('/api/health', 'br', 'application/json')
    expect(Buffer.byteLength(small.decoded)).toBeLessThan(compressThresholdBytes)
    expect(small.encoding).toBeUndefined()
  })

  it('streams link events unbuffered and uncompressed to a client that accepts br and gzip', async () => {
    const server = await h.app({ webDist })
    const address = new URL(await server.listen({ port: 0, host: '127.0.0.1' }))
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(
        {
          host: address.hostname,
          port: address.port,
          path: `/api/links/${linkId}/events`,
          headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
        },
        resolve,
      )
        .on('error', reject)
        .end()
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    // The first event (the link as it stands) arrives while the stream is still open.
    let text = ''
    let ended = false
    response.on('end', () => (ended = true))
    for await (const chunk of response) {
      text += String(chunk)
      if (text.includes('\n\nevent: link') || /event: link[\s\S]*\n\n/.test(text)) break
    }
    expect(text).toMatch(/event: link\nid: \d+\ndata: \{.*"id":"/)
    expect(ended).toBe(false)
    response.destroy()
    await server.close()
  })
})
