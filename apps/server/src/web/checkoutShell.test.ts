import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Link, LinkOption, PublicConfig } from '@paylink/shared'
import { checkoutLink } from '@paylink/shared/testing/checkoutLink'
import { devnetNetwork, nothingReceived } from '@paylink/shared/testing/testNetworks'
import Fastify from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkoutShellMarker, renderCheckoutParts, renderCheckoutShell } from './checkoutShell.js'
import { checkoutWordsFile, shellWords, type Catalogues } from './checkoutWords.js'
import { templateCheckMs, webAppRoutes } from './webAppRoutes.js'

// The web app's catalogues, as its build writes them beside index.html (checkout-words.json).
const messagesDir = join(import.meta.dirname, '../../../web/src/i18n/messages')
const catalogues = Object.fromEntries(
  readdirSync(messagesDir).map((file) => [
    file.replace(/\.json$/, ''),
    JSON.parse(readFileSync(join(messagesDir, file), 'utf8')),
  ]),
) as Catalogues
const english = shellWords(catalogues, 'en')

const index = `<!doctype html><html><head><title>Paylink</title></head><body><div id="root">${checkoutShellMarker}</div><script type="module" src="/assets/index.js"></script></body></html>`
const config: PublicConfig = {
  projectId: null,
  demo: true,
  networks: [devnetNetwork],
  assets: [],
  receiptEmail: false,
}
const hostile = 'Mugs </script><script>alert(1)</script> & <b>"tea"</b>'
const ethOption: LinkOption = {
  id: 'opt_1',
  asset: 'eip155:31337/slip44:60',
  caipNetworkId: 'eip155:31337',
  symbol: 'ETH',
  decimals: 18,
  amount: '0.004',
  recipient: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  ...nothingReceived,
  depositAddress: null,
  paymentUri: null,
}
// The same shape on the same chain: Test USD, a quarter paid.
const tusdOption: LinkOption = {
  ...ethOption,
  id: 'opt_2',
  asset: 'eip155:31337/erc20:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  symbol: 'TUSD',
  decimals: 6,
  amount: '10',
  paid: '2.5',
}
const link = checkoutLink([ethOption, tusdOption], {
  id: 'lnk_abc',
  title: hostile,
  description: 'Line one\n<img src=x onerror=alert(2)>',
  merchantAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  expiresAt: '2030-01-01T01:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  merchant: { displayName: 'Bean <&> Leaf', logoUrl: '/api/merchant-logos/' + 'a'.repeat(64), brandColor: '#1a237e' },
  receiptNumber: 'PL-ABCD-EFGH',
})

describe('renderCheckoutShell', () => {
  const html = renderCheckoutShell(index, { config, link }, english, new Date('2030-01-01T00:00:00.000Z'))

  it('writes the facts a payer needs into the root: merchant, title, status, countdown, every option', () => {
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script'))
    // Options without a payment URI: no address a copied transfer would pay, so none is shown.
    expect(root).toContain('data-testid="payment-to">Payment to <strong>Bean &lt;&amp;&gt; Leaf</strong></p>')
    expect(root).not.toContain('0xf39F')
    expect(root).toContain('data-testid="link-status">Open</span>')
    expect(root).toContain('Expires in <time datetime="2030-01-01T01:00:00.000Z">01:00:00</time>')
    expect(root).toContain('<h2 class="options-title">Pay with any one of</h2>')
    expect(root).toContain(
      '<strong class="amount" title="0.004 ETH">0.004 ETH</strong> <span class="muted">on Paylink Devnet</span>',
    )
    expect(root).toContain('2.5 TUSD paid')
  })

  it("puts the merchant, not Paylink's menu, in the header, with a legible brand colour, and names the payment in the tab", () => {
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script'))
    expect(root).not.toContain('<nav')
    expect(root).toContain(
      '<header class="pay-header branded" data-testid="pay-header" style="--brand:#1a237e;--brand-text:#ffffff">',
    )
    expect(root).toContain(
      `<img class="pay-logo" src="/api/merchant-logos/${'a'.repeat(64)}" alt="" width="32" height="32" data-testid="merchant-logo">`,
    )
    expect(root).toContain('data-testid="merchant-name">Bean &lt;&amp;&gt; Leaf</span>')
    expect(html).toContain(
      '<title>Pay 0.004 ETH or 10 TUSD · Mugs &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;&quot;tea&quot;&lt;/b&gt; · Bean &lt;&amp;&gt; Leaf</title>',
    )
  })

  it("a BTC-only link of a merchant signed in with EVM: never the EVM address; the option's own address, or the name alone", () => {
    const btcAddress = 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry'
    const btcOption = {
      ...link.options[0]!,
      asset: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328/slip44:0',
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      symbol: 'BTC',
      decimals: 8,
      amount: '0.001',
      recipient:
        'wpkh(tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M/0/*)#2ag6nxcd',
      depositAddress: btcAddress,
      paymentUri: `bitcoin:${btcAddress}?amount=0.001`,
    }
    const named = renderCheckoutShell(
      index,
      { config, link: { ...link, options: [btcOption] } },
      english,
      new Date('2030-01-01T00:00:00.000Z'),
    )
    // What is painted (the boot JSON after it still carries the link's data as the API gives it).
    const painted = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('<script'))
    expect(painted(named)).not.toContain('0xf39F')
    expect(named).toContain(
      `Payment to <strong>Bean &lt;&amp;&gt; Leaf</strong></p><p class="muted receiving-address" data-testid="receiving-address">Send to this link&#39;s own address <code class="address-short" title="${btcAddress}">bcrt1q…${btcAddress.slice(-4)}</code></p>`,
    )
    const unnamed = renderCheckoutShell(
      index,
      { config, link: { ...link, merchant: { ...link.merchant, displayName: null }, options: [btcOption] } },
      english,
      new Date('2030-01-01T00:00:00.000Z'),
    )
    expect(painted(unnamed)).not.toContain('0xf39F')
    expect(unnamed).toContain(
      `data-testid="payment-to">Payment to <span data-testid="receiving-address">this link&#39;s own address <code class="address-short" title="${btcAddress}">`,
    )
    // The header and the tab name the merchant, never an address (one there reads as where to pay).
    expect(unnamed).toContain('data-testid="merchant-name">Paylink merchant</span>')
    expect(unnamed).toContain(' · Paylink merchant</title>')
  })

  it("an EVM token link of an unnamed merchant: the deposit address to copy, the merchant's main address nowhere painted", () => {
    const deposit = '0x00000000000000000000000000000000000000d1'
    const tokenOption = { ...tusdOption, depositAddress: deposit, paymentUri: `ethereum:${deposit}@31337?value=0` }
    const page = renderCheckoutShell(
      index,
      { config, link: { ...link, merchant: { ...link.merchant, displayName: null }, options: [tokenOption] } },
      english,
      new Date('2030-01-01T00:00:00.000Z'),
    )
    const painted = page.slice(page.indexOf('<div id="root">'), page.indexOf('<script'))
    expect(painted).toContain(`this link&#39;s own address <code class="address-short" title="${deposit}">`)
    expect(painted).not.toContain('0xf39F')
    expect(page.slice(0, page.indexOf('<div id="root">'))).not.toContain('0xf39F')
    expect(painted).toContain('data-testid="merchant-name">Paylink merchant</span>')
    // Once paid, no address is offered: the receipt says where the payment went.
    const paid = renderCheckoutShell(
      index,
      {
        config,
        link: { ...link, status: 'paid', merchant: { ...link.merchant, displayName: null }, options: [tokenOption] },
      },
      english,
      new Date('2030-01-01T00:00:00.000Z'),
    )
    const paidPainted = paid.slice(paid.indexOf('<div id="root">'), paid.indexOf('<script'))
    expect(paidPainted).not.toContain(deposit)
    expect(paidPainted).toContain('Payment to <strong>Paylink merchant</strong>')
  })

  it('leaves the options out once the link is paid (the receipt takes their place)', () => {
    const paid = renderCheckoutShell(
      index,
      { config, link: { ...link, status: 'paid' } },
      english,
      new Date('2030-01-01T00:00:00.000Z'),
    )
    expect(paid).not.toContain('data-testid="amount-options"')
    expect(paid).toContain('<title>Paid 0.004 ETH or 10 TUSD')
  })

  it('escapes what the merchant wrote: no element of theirs reaches the page', () => {
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain(
      'Mugs &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;&quot;tea&quot;&lt;/b&gt;',
    )
    // Exactly one script element opens in the boot data and the app's own script: nothing injected.
    expect(html.match(/<script/g)).toHaveLength(2)
  })

  it('carries the same data as JSON the browser can read back exactly', () => {
    const json = /<script type="application\/json" id="paylink-boot">(.*?)<\/script>/s.exec(html)![1]!
    expect(JSON.parse(json)).toEqual({ config, link })
  })
})

describe('GET /pay/:id', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  async function serve(template: string, known: Link | null, dist = mkdtempSync(join(tmpdir(), 'paylink-web-'))) {
    writeFileSync(join(dist, 'index.html'), template)
    writeFileSync(join(dist, checkoutWordsFile), JSON.stringify(catalogues))
    const app = Fastify()
    const web = webAppRoutes({
      webDist: dist,
      loadCheckout: async (id) =>
        known && id === known.id
          ? { link: known, parts: (words) => renderCheckoutParts({ config, link: known }, words) }
          : null,
    })
    await app.register(web.plugin)
    return app
  }

  it('sends the page with the link in it, never cached', async () => {
    const app = await serve(index, link)
    const response = await app.inject({ method: 'GET', url: '/pay/lnk_abc', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toContain('data-testid="link-facts"')
    expect(response.body).toContain('id="paylink-boot"')
  })

  it("writes the first HTML in the payer's language: ?lang=, then the switcher's cookie, then Accept-Language", async () => {
    const app = await serve(index, link)
    const page = async (url: string, headers: Record<string, string> = {}) =>
      (await app.inject({ method: 'GET', url, headers })).body
    const arabic = await page('/pay/lnk_abc', { 'accept-language': 'fr;q=0.5, ar-EG, en;q=0.1' })
    expect(arabic).toContain('<html lang="ar" dir="rtl">')
    expect(arabic).toContain(`data-testid="link-status">${catalogues.ar!['status.open']}</span>`)
    expect(arabic).toContain(`<span class="pay-by">${catalogues.ar!['header.by']}</span>`)
    expect(arabic).toMatch(/<title>ادفع 0\.004 ETH أو 10 TUSD · /)
    // German separators on the amounts, every digit kept; the time left in German.
    const german = await page('/pay/lnk_abc?lang=de', { 'accept-language': 'ar', cookie: 'paylink-lang=zh-CN' })
    expect(german).toContain('<html lang="de" dir="ltr">')
    expect(german).toContain(
      '<strong class="amount" title="0.004 ETH">0,004 ETH</strong> <span class="muted">auf Paylink Devnet</span>',
    )
    expect(await page('/pay/lnk_abc', { 'accept-language': 'ar', cookie: 'a=1; paylink-lang=zh-CN' })).toContain(
      '<html lang="zh-CN" dir="ltr">',
    )
    // A cookie or a parameter that is none of ours is passed over, never an error.
    const odd = await app.inject({
      method: 'GET',
      url: '/pay/lnk_abc?lang=%E0',
      headers: { cookie: 'paylink-lang=%E0%A4%A' },
    })
    expect(odd.statusCode).toBe(200)
    expect(odd.body).toContain('<html lang="en" dir="ltr">')
    expect(odd.headers.vary).toContain('Accept-Language')
  })

  it('sends the plain app for an unknown or malformed link (the app says it was not found)', async () => {
    const app = await serve(index, link)
    for (const url of ['/pay/lnk_other', '/pay/%3Cscript%3E']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe(index)
    }
  })

  it('leaves a build without the marker alone (the bench baseline, a default integration)', async () => {
    const plain = index.replace(checkoutShellMarker, '')
    const app = await serve(plain, link)
    expect((await app.inject({ method: 'GET', url: '/pay/lnk_abc' })).body).toBe(plain)
  })

  it('serves a rebuilt index.html without a restart, looking at the file once a second at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const dist = mkdtempSync(join(tmpdir(), 'paylink-web-'))
    const plain = index.replace(checkoutShellMarker, '')
    const app = await serve(plain, link, dist)
    expect((await app.inject({ method: 'GET', url: '/pay/lnk_abc' })).body).toBe(plain)
    const rebuilt = plain.replace('</head>', '<meta name="build" content="2"></head>')
    expect(rebuilt).not.toBe(plain)
    writeFileSync(join(dist, 'index.html'), rebuilt)
    // Within the second: the page read before, with no look at the file.
    vi.advanceTimersByTime(templateCheckMs - 1)
    expect((await app.inject({ method: 'GET', url: '/pay/lnk_abc' })).body).toBe(plain)
    vi.advanceTimersByTime(1)
    expect((await app.inject({ method: 'GET', url: '/pay/lnk_abc' })).body).toBe(rebuilt)
  })
})
