import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useOfflineApps } from '../testing/offlineApp.js'
import { reownConnectSources } from './contentSecurityPolicy.js'

const context = useOfflineApps()
let webDist: string

beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'paylink-headers-'))
  mkdirSync(join(webDist, 'assets'))
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Paylink</title><div id="root"></div>')
})
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true })
})

async function headersOf(options: { projectId: string | null; publicOrigin: string }) {
  const app = await context.app({ ...options, webDist })
  const pages = ['/', '/pay/lnk_abc', '/api/config', '/api/health', '/api/nowhere']
  return Promise.all(
    pages.map(async (url) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { accept: url.startsWith('/api') ? 'application/json' : 'text/html' },
      })
      return { url, status: res.statusCode, type: String(res.headers['content-type']), headers: res.headers }
    }),
  )
}

const projectId = 'ab'.repeat(16)

describe('security headers', () => {
  it.each([
    ['http, no project id', null, 'http://localhost:3000'],
    ['http, project id', projectId, 'http://localhost:3000'],
    ['https, no project id', null, 'https://pay.example.com'],
    ['https, project id', projectId, 'https://pay.example.com'],
  ])('on every page (the document set) and API answer (the API set) (%s)', async (_name, id, publicOrigin) => {
    const answers = await headersOf({ projectId: id, publicOrigin })
    expect(answers.find((a) => a.url === '/')!.type).toMatch(/text\/html/)
    expect(answers.find((a) => a.url === '/pay/lnk_abc')!.type).toMatch(/text\/html/)
    expect(answers.find((a) => a.url === '/api/config')!.type).toMatch(/json/)
    expect(answers.find((a) => a.url === '/api/nowhere')!.status).toBe(404)
    for (const { url, headers } of answers) {
      expect(headers['x-frame-options'], url).toBe('DENY')
      expect(headers['referrer-policy'], url).toBe('no-referrer')
      expect(headers['x-content-type-options'], url).toBe('nosniff')
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin')
      expect(headers['strict-transport-security'], url).toBe(
        publicOrigin.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : undefined,
      )
      if (url.startsWith('/api/')) {
        // Not documents: nothing may load from them, and the page-only headers stay off.
        expect(headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'")
        for (const pageOnly of [
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-xss-protection',
        ]) {
          expect(headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined()
        }
        continue
      }
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups')
      const csp = String(headers['content-security-policy'])
      const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]))
      expect(directives.get('frame-ancestors'), url).toEqual(["'none'"])
      expect(directives.get('default-src'), url).toEqual(["'self'"])
      expect(directives.get('script-src'), url).toEqual(["'self'"])
      expect(directives.get('object-src'), url).toEqual(["'none'"])
      // The toolkit's cloud is reachable only when a project id turns it on.
      for (const host of reownConnectSources)
        expect(directives.get('connect-src')!.includes(host), `${url} ${host}`).toBe(id !== null)
      expect(csp.includes('walletconnect'), url).toBe(id !== null)
      expect(directives.has('frame-src'), url).toBe(id !== null)
      expect(directives.has('upgrade-insecure-requests'), url).toBe(publicOrigin.startsWith('https:'))
    }
  })

  it.each([
    ['http', 'http://localhost:3000'],
    ['https', 'https://pay.example.com'],
  ])('on the answer to a malformed URL, which Fastify sends before any hook (%s)', async (_name, publicOrigin) => {
    const app = await context.app({ projectId: null, publicOrigin, webDist })
    for (const url of ['/api/links/%E0%A4%A', '/pay/%zz']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().error.code, url).toBe('INVALID_URL')
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['referrer-policy'], url).toBe('no-referrer')
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['strict-transport-security'], url).toBe(
        publicOrigin.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : undefined,
      )
    }
  })
})
