import {
  amountOptionsTitle,
  checkoutTitle,
  formatRemaining,
  linkStatusLabels,
  merchantLabel,
  optionAmountText,
  readableTextOn,
  shortHex,
  type Link,
  type PublicConfig,
} from '@paylink/shared'

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
      const paid = o.paid !== '0' ? `<span class="muted"> · ${escapeHtml(optionAmountText({ ...o, amount: o.paid }))} paid</span>` : ''
      return `<li><strong class="amount" title="${escapeHtml(`${o.amount} ${o.symbol}`)}">${escapeHtml(optionAmountText(o))}</strong> <span class="muted">on ${escapeHtml(networkName(o.caipNetworkId))}</span>${paid}</li>`
    })
    .join('')
  const name = merchantLabel(link)
  const brand = link.merchant.brandColor ? ` style="--brand:${link.merchant.brandColor};--brand-text:${readableTextOn(link.merchant.brandColor)}"` : ''
  const logo = link.merchant.logoUrl ? `<img class="pay-logo" src="${escapeHtml(link.merchant.logoUrl)}" alt="" width="32" height="32" data-testid="merchant-logo">` : ''
  // The payer's header: the merchant, not Paylink's menu (PayHeader.tsx writes the same).
  const header =
    `<header class="pay-header${brand ? ' branded' : ''}" data-testid="pay-header"${brand}><div class="pay-header-inner">` +
    `<span class="pay-merchant">${logo}<span class="pay-merchant-name" data-testid="merchant-name">${escapeHtml(name)}</span></span>` +
    `<span class="pay-by">Checkout by Paylink</span></div></header>`
  const merchantLine = link.merchant.displayName
    ? `Payment to <strong>${escapeHtml(link.merchant.displayName)}</strong> <code title="${escapeHtml(link.merchantAddress)}">${escapeHtml(shortHex(link.merchantAddress))}</code>`
    : `Payment to <code title="${escapeHtml(link.merchantAddress)}">${escapeHtml(shortHex(link.merchantAddress))}</code>`
  const facts =
    header +
    `<main class="page pay"><section class="card checkout-facts" data-testid="link-facts" aria-labelledby="link-title">` +
    `<p class="merchant">${merchantLine}</p>` +
    `<h1 id="link-title" data-testid="link-title" elementtiming="link-facts">${escapeHtml(link.title)}</h1>` +
    (link.description ? `<p class="description">${escapeHtml(link.description)}</p>` : '') +
    `<p class="facts-line"><span class="badge status-${link.status}" data-testid="link-status">${linkStatusLabels[link.status]}</span>${expiry}</p>` +
    // Once paid, the receipt (drawn by the app) takes the options' place.
    (link.status === 'paid'
      ? ''
      : `<h2 class="options-title">${amountOptionsTitle(link.options.length)}</h2><ul class="amount-options" data-testid="amount-options">${options}</ul>`) +
    `</section></main>`
  const boot = `<script type="application/json" id="paylink-boot">${scriptJson({ config, link })}</script>`
  // The tab says what is paid to whom; the toolkit gets Paylink's own name as explicit metadata.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(checkoutTitle(link))}</title>`)
    .replace(checkoutShellMarker, facts)
    .replace('</body>', `${boot}</body>`)
}
