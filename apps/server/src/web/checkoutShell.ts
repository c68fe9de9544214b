import { amountOptionsTitle, formatFiat, formatRemaining, linkStatusLabels, shortHex, type Link, type PublicConfig } from '@paylink/shared'

/** Where index.html lets the server write the checkout's first screen (apps/web/index.html). */
export const checkoutShellMarker = '<!--paylink-checkout-shell-->'

export interface CheckoutBoot {
  config: PublicConfig
  link: Link
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** JSON inside <script type="application/json">: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** The link-specific parts of the checkout page: made once per version of the link (see CheckoutPage). */
export interface CheckoutParts {
  /** The facts up to the countdown. */
  factsHead: string
  /** The facts after the countdown. */
  factsTail: string
  /** The `<script type="application/json">` with the config and the link. */
  boot: string
}

/** The one part of the page that moves with the clock, not with the link: the countdown's text. */
export function renderCountdown(link: Pick<Link, 'expiresAt' | 'status'>, now: Date): string {
  if (!link.expiresAt || link.status === 'paid') return ''
  const left = new Date(link.expiresAt).getTime() - now.getTime()
  return left > 0
    ? `<span class="countdown" data-testid="countdown">Expires in <time datetime="${escapeHtml(link.expiresAt)}">${formatRemaining(left)}</time></span>`
    : `<span class="countdown expired" data-testid="countdown">Expired</span>`
}

/**
 * The checkout's facts as plain HTML in the page the server sends, so a payer sees the link
 * at the first paint, before any JavaScript has run; and the same data as JSON, so the app
 * starts from it without asking the API again. The markup mirrors LinkFacts.tsx (same classes
 * and words, from @paylink/shared): React replaces it on its first render without a visible jump.
 */
export function renderCheckoutParts({ config, link }: CheckoutBoot): CheckoutParts {
  const networkName = (id: string) => config.networks.find((n) => n.caipNetworkId === id)?.name ?? id
  const options = link.options
    .map((o) => {
      const paid = o.paid !== '0' ? `<span class="muted"> · ${escapeHtml(o.paid)} paid</span>` : ''
      // Fiat-priced: the quoted amount with its fiat worth beside it, or that there is no price now.
      const amount = o.amount === null ? 'No price now' : `${escapeHtml(o.amount)} ${escapeHtml(o.symbol)}`
      const approx = link.price && o.amount !== null ? ` <span class="fiat-approx">≈ ${escapeHtml(formatFiat(link.price.amount, link.price.currency))}</span>` : ''
      return `<li><strong class="amount">${amount}</strong>${approx} <span class="muted">on ${escapeHtml(networkName(o.caipNetworkId))}</span>${paid}</li>`
    })
    .join('')
  const factsHead =
    `<header class="site-header"><a href="/" class="brand"><img src="/favicon.svg" alt="" width="28" height="28"> Paylink</a>` +
    `<nav aria-label="Main"><a href="/wallet">Wallet</a><a href="/dashboard">Dashboard</a><a href="/toolkit">Toolkit</a></nav><div class="wallet-buttons"></div></header>` +
    `<main class="page pay"><section class="card checkout-facts" data-testid="link-facts" aria-labelledby="link-title">` +
    `<p class="merchant">Payment to <code title="${escapeHtml(link.merchantAddress)}">${escapeHtml(shortHex(link.merchantAddress))}</code></p>` +
    `<h1 id="link-title" data-testid="link-title" elementtiming="link-facts">${escapeHtml(link.title)}</h1>` +
    (link.description ? `<p class="description">${escapeHtml(link.description)}</p>` : '') +
    `<p class="facts-line"><span class="badge status-${link.status}" data-testid="link-status">${linkStatusLabels[link.status]}</span>`
  const factsTail =
    `</p><h2 class="options-title">${amountOptionsTitle(link.options.length)}</h2>` + `<ul class="amount-options" data-testid="amount-options">${options}</ul></section></main>`
  const boot = `<script type="application/json" id="paylink-boot">${scriptJson({ config, link })}</script>`
  return { factsHead, factsTail, boot }
}

/** index.html cut where the facts and the boot data go, once per build. */
export interface CheckoutTemplate {
  beforeFacts: string
  /** From after the marker to `</body>`. */
  beforeBoot: string
  /** `</body>` and what follows. */
  rest: string
}

/** Null for a build without the marker (the bench's baseline): that one is served as it is. */
export function splitCheckoutTemplate(indexHtml: string): CheckoutTemplate | null {
  const marker = indexHtml.indexOf(checkoutShellMarker)
  const body = marker < 0 ? -1 : indexHtml.indexOf('</body>', marker)
  if (body < 0) return null
  return {
    beforeFacts: indexHtml.slice(0, marker),
    beforeBoot: indexHtml.slice(marker + checkoutShellMarker.length, body),
    rest: indexHtml.slice(body),
  }
}

/** The page: the build's template around the link's parts, with the countdown as of `now`. */
export function assembleCheckoutPage(template: CheckoutTemplate, parts: CheckoutParts, link: Pick<Link, 'expiresAt' | 'status'>, now: Date): string {
  return template.beforeFacts + parts.factsHead + renderCountdown(link, now) + parts.factsTail + template.beforeBoot + parts.boot + template.rest
}

/** The whole page in one call (tests; the server goes through the parts, made once per version). */
export function renderCheckoutShell(indexHtml: string, boot: CheckoutBoot, now: Date = new Date()): string {
  const template = splitCheckoutTemplate(indexHtml)
  return template ? assembleCheckoutPage(template, renderCheckoutParts(boot), boot.link, now) : indexHtml
}
