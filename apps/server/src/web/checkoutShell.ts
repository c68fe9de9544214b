import {
  checkoutTitle,
  checkoutPayee,
  formatFiatLocal,
  formatRemaining,
  localizeDecimal,
  optionAmountText,
  readableTextOn,
  shortHex,
  type Link,
  type LinkStatus,
  type PublicConfig,
} from '@paylink/shared'
import type { ShellWords } from './checkoutWords.js'

/** Where index.html lets the server write the checkout's first screen (apps/web/index.html). */
export const checkoutShellMarker = '<!--paylink-checkout-shell-->'

export interface CheckoutBoot {
  config: PublicConfig
  link: Link
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** JSON inside <script type="application/json">: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * A message as HTML: its text escaped, each `html` value put in as it is (already escaped markup),
 * so a translation may place the merchant's name or an address anywhere in its sentence.
 */
function messageHtml(words: ShellWords, id: string, html: Record<string, string>): string {
  const names = Object.keys(html)
  const marked = words.t(id, Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`])))
  return escapeHtml(marked).replace(/\uE000(\d+)\uE001/g, (_, i: string) => html[names[Number(i)]!]!)
}

const statusIds: Record<LinkStatus, string> = {
  open: 'status.open',
  partially_paid: 'status.partiallyPaid',
  paid: 'status.paid',
  expired: 'status.expired',
}

/** Time left as the page writes it (payerText.ts's remaining): "2 days 03:04:05" in the payer's language. */
function remainingIn(words: ShellWords, ms: number): string {
  const text = formatRemaining(ms)
  const days = /^(\d+) d (.*)$/.exec(text)
  return days ? words.t('time.days', { days: Number(days[1]), clock: days[2]! }) : text
}

/** The link-specific parts of the checkout page: made once per version of the link (see CheckoutPage). */
export interface CheckoutParts {
  /** The payer's language the parts are written in. */
  language: ShellWords['language']
  /** The tab's title (escaped): what is paid to whom. */
  title: string
  /** The facts up to the countdown. */
  factsHead: string
  /** The facts after the countdown. */
  factsTail: string
  /** The `<script type="application/json">` with the config and the link. */
  boot: string
}

/** The one part of the page that moves with the clock, not with the link: the countdown's text. */
export function renderCountdown(link: Pick<Link, 'expiresAt' | 'status'>, now: Date, words: ShellWords): string {
  if (!link.expiresAt || link.status === 'paid') return ''
  const left = new Date(link.expiresAt).getTime() - now.getTime()
  return left > 0
    ? `<span class="countdown" data-testid="countdown">${escapeHtml(words.t('countdown.expiresIn'))} <time datetime="${escapeHtml(link.expiresAt)}">${escapeHtml(remainingIn(words, left))}</time></span>`
    : `<span class="countdown expired" data-testid="countdown">${escapeHtml(words.t('countdown.expired'))}</span>`
}

/**
 * The checkout's facts as plain HTML in the page the server sends, so a payer sees the link
 * at the first paint, before any JavaScript has run; and the same data as JSON, so the app
 * starts from it without asking the API again. The markup mirrors LinkFacts.tsx (same classes
 * and words, from @paylink/shared): React replaces it on its first render without a visible jump.
 */
export function renderCheckoutParts({ config, link }: CheckoutBoot, words: ShellWords): CheckoutParts {
  const networkName = (id: string) => config.networks.find((n) => n.caipNetworkId === id)?.name ?? id
  const { t } = words
  const amountText = (o: { amount: string | null; decimals: number; symbol: string }) =>
    o.amount === null ? t('facts.noPrice', { symbol: o.symbol }) : localizeDecimal(optionAmountText(o), words.locale)
  const options = link.options
    .map((o) => {
      const paid =
        o.paid !== '0'
          ? `<span class="muted"> · ${escapeHtml(t('facts.paid', { amount: amountText({ ...o, amount: o.paid }) }))}</span>`
          : ''
      // Fiat-priced: the quoted amount with its fiat worth beside it, or that there is no price now.
      const exact = o.amount === null ? '' : ` title="${escapeHtml(`${o.amount} ${o.symbol}`)}"`
      const approx =
        link.price && o.amount !== null
          ? ` <span class="fiat-approx">≈ ${escapeHtml(formatFiatLocal(link.price.amount, link.price.currency, words.locale))}</span>`
          : ''
      return `<li><strong class="amount"${exact}>${escapeHtml(amountText(o))}</strong>${approx} <span class="muted">${escapeHtml(t('common.onNetwork', { network: networkName(o.caipNetworkId) }))}</span>${paid}</li>`
    })
    .join('')
  const name = link.merchant.displayName || t('merchant.unnamed')
  const brand = link.merchant.brandColor
    ? ` style="--brand:${link.merchant.brandColor};--brand-text:${readableTextOn(link.merchant.brandColor)}"`
    : ''
  const logo = link.merchant.logoUrl
    ? `<img class="pay-logo" src="${escapeHtml(link.merchant.logoUrl)}" alt="" width="32" height="32" data-testid="merchant-logo">`
    : ''
  // The payer's header: the merchant, not Paylink's menu (PayHeader.tsx writes the same).
  const header =
    `<header class="pay-header${brand ? ' branded' : ''}" data-testid="pay-header"${brand}><div class="pay-header-inner">` +
    `<span class="pay-merchant">${logo}<span class="pay-merchant-name" data-testid="merchant-name">${escapeHtml(name)}</span></span>` +
    `<span class="pay-by">${escapeHtml(t('header.by'))}</span></div></header>`
  // Only an address a plain transfer pays and the server watches for, while the link takes
  // payments, said whose it is (LinkFacts.tsx writes the same); otherwise the merchant's name.
  const closed = link.status === 'paid' || link.status === 'expired' || link.deactivatedAt !== null
  const payee = closed ? null : checkoutPayee(link)
  const receiving = payee
    ? `${escapeHtml(t(payee.merchantOwn ? 'facts.payee.merchantOwn' : 'facts.payee.linkOwn'))} <code class="address-short" title="${escapeHtml(payee.address)}">${escapeHtml(shortHex(payee.address))}</code>`
    : ''
  const strongName = `<strong>${escapeHtml(name)}</strong>`
  const merchantLine = link.merchant.displayName
    ? `<p class="merchant" data-testid="payment-to">${messageHtml(words, 'facts.paymentTo', { to: strongName })}</p>` +
      (receiving
        ? `<p class="muted receiving-address" data-testid="receiving-address">${messageHtml(words, 'facts.sendTo', { to: receiving })}</p>`
        : '')
    : `<p class="merchant" data-testid="payment-to">` +
      messageHtml(words, 'facts.paymentTo', {
        to: receiving ? `<span data-testid="receiving-address">${receiving}</span>` : strongName,
      }) +
      `</p>`
  const factsHead =
    header +
    `<main class="page pay"><section class="card checkout-facts" data-testid="link-facts" aria-labelledby="link-title">` +
    merchantLine +
    `<h1 id="link-title" data-testid="link-title" elementtiming="link-facts">${escapeHtml(link.title)}</h1>` +
    (link.description ? `<p class="description">${escapeHtml(link.description)}</p>` : '') +
    `<p class="facts-line"><span class="badge status-${link.status}" data-testid="link-status">${escapeHtml(t(statusIds[link.status]))}</span>`
  const factsTail =
    `</p>` +
    // Once paid, the receipt (drawn by the app) takes the options' place.
    (link.status === 'paid'
      ? ''
      : `<h2 class="options-title">${escapeHtml(t('facts.options', { count: link.options.length }))}</h2><ul class="amount-options" data-testid="amount-options">${options}</ul>`) +
    `</section></main>`
  const boot = `<script type="application/json" id="paylink-boot">${scriptJson({ config, link })}</script>`
  return {
    language: words.language,
    title: escapeHtml(checkoutTitle(link, words)),
    factsHead,
    factsTail,
    boot,
  }
}

/** index.html cut where the facts and the boot data go, once per build. */
export interface CheckoutTemplate {
  /** Up to the `<title>`'s text (the whole head when the build has no title). */
  beforeTitle: string
  /** From `</title>` to the marker; null: the build has no title to replace. */
  beforeFacts: string | null
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
  // The tab says what is paid to whom; the toolkit gets Paylink's own name as explicit metadata.
  const title = /<title>[^<]*<\/title>/.exec(indexHtml.slice(0, marker))
  return {
    beforeTitle: title ? indexHtml.slice(0, title.index) : indexHtml.slice(0, marker),
    beforeFacts: title ? indexHtml.slice(title.index + title[0].length, marker) : null,
    beforeBoot: indexHtml.slice(marker + checkoutShellMarker.length, body),
    rest: indexHtml.slice(body),
  }
}

/** The page: the build's template around the link's parts, with the countdown as of `now`. */
export function assembleCheckoutPage(
  template: CheckoutTemplate,
  parts: CheckoutParts,
  link: Pick<Link, 'expiresAt' | 'status'>,
  now: Date,
  words: ShellWords,
): string {
  // The page's language and direction from the first byte, as the app sets them (Arabic mirrored before any script).
  const start = template.beforeTitle.replace(/<html\b[^>]*>/, `<html lang="${words.language}" dir="${words.dir}">`)
  const head = template.beforeFacts === null ? start : `${start}<title>${parts.title}</title>${template.beforeFacts}`
  return (
    head +
    parts.factsHead +
    renderCountdown(link, now, words) +
    parts.factsTail +
    template.beforeBoot +
    parts.boot +
    template.rest
  )
}

/** The whole page in one call (tests; the server goes through the parts, made once per version). */
export function renderCheckoutShell(
  indexHtml: string,
  boot: CheckoutBoot,
  words: ShellWords,
  now: Date = new Date(),
): string {
  const template = splitCheckoutTemplate(indexHtml)
  return template ? assembleCheckoutPage(template, renderCheckoutParts(boot, words), boot.link, now, words) : indexHtml
}
