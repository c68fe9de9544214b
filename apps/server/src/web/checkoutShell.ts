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

/**
 * The checkout's facts as plain HTML in the page the server sends, so a payer sees the link
 * at the first paint, before any JavaScript has run; and the same data as JSON, so the app
 * starts from it without asking the API again. The markup mirrors LinkFacts.tsx (same classes
 * and words, from @paylink/shared): React replaces it on its first render without a visible jump.
 */
export function renderCheckoutShell(indexHtml: string, { config, link }: CheckoutBoot, now: Date = new Date()): string {
  const networkName = (id: string) => config.networks.find((n) => n.caipNetworkId === id)?.name ?? id
  const expiry =
    link.expiresAt && link.status !== 'paid'
      ? new Date(link.expiresAt).getTime() > now.getTime()
        ? `<span class="countdown" data-testid="countdown">Expires in <time datetime="${escapeHtml(link.expiresAt)}">${formatRemaining(new Date(link.expiresAt).getTime() - now.getTime())}</time></span>`
        : `<span class="countdown expired" data-testid="countdown">Expired</span>`
      : ''
  const options = link.options
    .map((o) => {
      const paid = o.paid !== '0' ? `<span class="muted"> · ${escapeHtml(o.paid)} paid</span>` : ''
      // Fiat-priced: the quoted amount with its fiat worth beside it, or that there is no price now.
      const amount = o.amount === null ? 'No price now' : `${escapeHtml(o.amount)} ${escapeHtml(o.symbol)}`
      const approx = link.price && o.amount !== null ? ` <span class="fiat-approx">≈ ${escapeHtml(formatFiat(link.price.amount, link.price.currency))}</span>` : ''
      return `<li><strong class="amount">${amount}</strong>${approx} <span class="muted">on ${escapeHtml(networkName(o.caipNetworkId))}</span>${paid}</li>`
    })
    .join('')
  const facts =
    `<header class="site-header"><a href="/" class="brand"><img src="/favicon.svg" alt="" width="28" height="28"> Paylink</a>` +
    `<nav aria-label="Main"><a href="/wallet">Wallet</a><a href="/dashboard">Dashboard</a><a href="/toolkit">Toolkit</a></nav><div class="wallet-buttons"></div></header>` +
    `<main class="page pay"><section class="card checkout-facts" data-testid="link-facts" aria-labelledby="link-title">` +
    `<p class="merchant">Payment to <code title="${escapeHtml(link.merchantAddress)}">${escapeHtml(shortHex(link.merchantAddress))}</code></p>` +
    `<h1 id="link-title" data-testid="link-title" elementtiming="link-facts">${escapeHtml(link.title)}</h1>` +
    (link.description ? `<p class="description">${escapeHtml(link.description)}</p>` : '') +
    `<p class="facts-line"><span class="badge status-${link.status}" data-testid="link-status">${linkStatusLabels[link.status]}</span>${expiry}</p>` +
    `<h2 class="options-title">${amountOptionsTitle(link.options.length)}</h2>` +
    `<ul class="amount-options" data-testid="amount-options">${options}</ul></section></main>`
  const boot = `<script type="application/json" id="paylink-boot">${scriptJson({ config, link })}</script>`
  // The document title stays Paylink's: the toolkit takes the site's name for wallets from it.
  return indexHtml.replace(checkoutShellMarker, facts).replace('</body>', `${boot}</body>`)
}
