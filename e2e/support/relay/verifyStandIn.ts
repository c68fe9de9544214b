import { generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'

/** The attestation frame WalletConnect's core opens in the page (`Verify.register`, core 2.21). */
const ATTESTATION_FRAME = /^https:\/\/verify\.walletconnect\.(org|com)\/v3\/attestation\?/

export interface VerifyStandIn {
  /** Base URL (`…/v3`) on loopback for the wallet's core, as its `verifyUrlV3`. */
  urlV3: string
  /** Each attestation the page asked for: the origin and proposal id in the frame's query. */
  registrations: { origin: string; id: string }[]
  /** How many times a wallet fetched the public key that checks the attestations. */
  publicKeyFetches(): number
  /**
   * Answers the page's attestation frame as Verify does: a page that posts a signed attestation of
   * the origin to its parent. `attestOrigin` lets a test attest another origin than the one asked.
   */
  answerPage(page: Page, options?: { attestOrigin?: (asked: string) => string }): Promise<void>
  close(): Promise<void>
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url')

/**
 * STAND-IN for WalletConnect Verify (verify.walletconnect.org), written from the v3 flow of
 * @walletconnect/core 2.21: the site's core loads `/v3/attestation?origin=…&id=…` in a hidden frame
 * and waits for a `verify_attestation` message carrying an ES256 JWT `{ id, origin, isScam,
 * isVerified, exp }`; the wallet's core fetches `/v3/public-key` (a P-256 JWK and its expiry) and
 * checks the JWT with it. The key pair is made per stand-in; nothing is kept.
 */
export async function startVerifyStandIn(): Promise<VerifyStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk: JsonWebKey = publicKey.export({ format: 'jwk' })
  const registrations: { origin: string; id: string }[] = []
  let keyFetches = 0

  const attest = (id: string, origin: string) => {
    const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))
    const exp = Math.floor(Date.now() / 1000) + 300
    const payload = base64url(JSON.stringify({ id, origin, isScam: false, isVerified: true, exp }))
    // JWS ES256 carries r‖s (IEEE P1363), not DER.
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    })
    return `${header}.${payload}.${base64url(signature)}`
  }

  const server = createServer((request, response) => {
    if (request.url === '/v3/public-key') {
      keyFetches += 1
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(
        JSON.stringify({ publicKey: { ...jwk, alg: 'ES256' }, expiresAt: Math.floor(Date.now() / 1000) + 3600 }),
      )
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    urlV3: `http://127.0.0.1:${port}/v3`,
    registrations,
    publicKeyFetches: () => keyFetches,
    async answerPage(page, { attestOrigin = (asked: string) => asked } = {}) {
      await page.route(ATTESTATION_FRAME, (route) => {
        const query = new URL(route.request().url()).searchParams
        const asked = { origin: query.get('origin') ?? '', id: query.get('id') ?? '' }
        registrations.push(asked)
        const message = JSON.stringify({
          type: 'verify_attestation',
          attestation: attest(asked.id, attestOrigin(asked.origin)),
        })
        return route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><script>parent.postMessage(${JSON.stringify(message)}, '*')</script>`,
        })
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
