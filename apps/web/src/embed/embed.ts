/**
 * /embed.js: the Paylink checkout over a shop's own page, with no framework. Built on its own by
 * apps/web/vite.config.ts (esbuild, one IIFE); it must stay small (budget 8 KiB gzip, bench
 * "checkout"). Gives `Paylink.open(linkIdOrUrl, { onPaid, onClose, onExpired })` and the
 * `<paylink-button link="lnk_…">` element.
 *
 * The checkout runs in an iframe from the Paylink origin this script was loaded from; that origin
 * sends `frame-ancestors` with the merchant's allowed shop origins only, so it shows only on
 * those. Messages are accepted from that origin and that frame only.
 */
import { embedQuery, isEmbedMessage, type EmbedMessage } from './messages.js'

export interface OpenOptions {
  onPaid?: (event: { linkId: string }) => void
  onClose?: (event: { linkId: string }) => void
  onExpired?: (event: { linkId: string }) => void
}

export interface CheckoutHandle {
  linkId: string
  close(): void
}

const script = document.currentScript as HTMLScriptElement | null
// Read once at load: later, currentScript is null.
const paylinkOrigin = new URL(script?.src || location.href).origin
const linkIdPattern = /^[a-z]{2,4}_[A-Za-z0-9_-]{1,40}$/

/** `lnk_…`, or a checkout URL on the Paylink origin embed.js came from. */
function linkIdOf(linkIdOrUrl: string): string {
  const text = linkIdOrUrl.trim()
  if (linkIdPattern.test(text)) return text
  let url: URL | null = null
  try {
    url = new URL(text, paylinkOrigin)
  } catch {
    // Said below.
  }
  const id = url?.pathname.match(/^\/pay\/([^/]+)\/?$/)?.[1]
  if (!url || url.origin !== paylinkOrigin || !id || !linkIdPattern.test(id))
    throw new Error(
      `Paylink.open: "${linkIdOrUrl}" is neither a link id (lnk_…) nor a checkout URL of ${paylinkOrigin}`,
    )
  return id
}

/**
 * A new element with its style and attributes. Style properties, not a style attribute or a
 * <style> element: a shop's CSP without 'unsafe-inline' allows these.
 */
function make<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<CSSStyleDeclaration>,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  Object.assign(element.style, properties)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  return element
}

let current: CheckoutHandle | null = null

export function open(linkIdOrUrl: string, options: OpenOptions = {}): CheckoutHandle {
  const linkId = linkIdOf(linkIdOrUrl)
  current?.close()
  const opener = document.activeElement as HTMLElement | null
  const root = document.documentElement
  const overflow = root.style.overflow

  const backdrop = make(
    'div',
    {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      background: 'rgba(15, 23, 42, 0.6)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    },
    { 'data-paylink-overlay': '' },
  )
  const dialog = make(
    'div',
    {
      position: 'relative',
      // Full screen on a phone (390 px), a sheet on wider screens.
      width: 'min(480px, 100vw)',
      height: 'min(780px, 100dvh)',
      background: '#fff',
      // Square corners when the sheet fills a narrow screen.
      borderRadius: 'max(0px, min(12px, calc(100vw - 480px)))',
      overflow: 'hidden',
      boxShadow: '0 12px 40px rgba(0, 0, 0, 0.35)',
    },
    { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Pay with crypto' },
  )

  const closeButton = make(
    'button',
    {
      position: 'absolute',
      top: '8px',
      right: '8px',
      zIndex: '1',
      width: '44px',
      height: '44px',
      border: '0',
      borderRadius: '22px',
      background: 'rgba(255, 255, 255, 0.92)',
      color: '#0f172a',
      font: '600 24px/44px system-ui, sans-serif',
      cursor: 'pointer',
      padding: '0',
    },
    { type: 'button', 'aria-label': 'Close checkout' },
  )
  closeButton.textContent = '×'

  // The checkout offers to copy an address; wallets may ask for nothing else of the frame.
  const frame = make(
    'iframe',
    { width: '100%', height: '100%', border: '0', display: 'block' },
    { title: 'Paylink checkout', allow: 'clipboard-write' },
  )
  frame.src = `${paylinkOrigin}/pay/${encodeURIComponent(linkId)}?${embedQuery(location.origin)}`

  // Tab past the checkout's last control leaves the frame for the next one here, which hands focus round to the close button.
  const wrap = document.createElement('span')
  wrap.tabIndex = 0
  wrap.addEventListener('focus', () => closeButton.focus())

  dialog.append(closeButton, frame, wrap)
  backdrop.append(dialog)

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== paylinkOrigin || event.source !== frame.contentWindow) return
    if (!isEmbedMessage(event.data) || event.data.linkId !== linkId) return
    const message: EmbedMessage = event.data
    if (message.type === 'paid') options.onPaid?.({ linkId })
    else if (message.type === 'expired') options.onExpired?.({ linkId })
    else close()
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') {
      // Only two stops in the dialog: the close button and the checkout (which keeps Tab inside it while focused).
      event.preventDefault()
      if (document.activeElement === closeButton) frame.focus()
      else closeButton.focus()
    }
  }
  // Focus leaving for the shop's page (a click through, a screen reader's jump) comes back.
  const onFocusIn = (event: FocusEvent) => {
    if (!backdrop.contains(event.target as Node)) closeButton.focus()
  }

  let closed = false
  function close() {
    if (closed) return
    closed = true
    window.removeEventListener('message', onMessage)
    document.removeEventListener('keydown', onKey, true)
    document.removeEventListener('focusin', onFocusIn, true)
    backdrop.remove()
    root.style.overflow = overflow
    if (current === handle) current = null
    opener?.focus?.()
    options.onClose?.({ linkId })
  }
  closeButton.addEventListener('click', close)
  backdrop.addEventListener('click', (event) => {
    if (event.target === backdrop) close()
  })
  window.addEventListener('message', onMessage)
  document.addEventListener('keydown', onKey, true)
  document.addEventListener('focusin', onFocusIn, true)
  root.style.overflow = 'hidden'
  document.body.append(backdrop)
  frame.focus()

  const handle: CheckoutHandle = { linkId, close }
  current = handle
  return handle
}

/**
 * `<paylink-button link="lnk_…">Pay with crypto</paylink-button>`: opens the checkout and fires
 * `paylink-paid`, `paylink-expired` and `paylink-closed` (bubbling, `detail.linkId`) on itself.
 */
class PaylinkButton extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return
    const button = make(
      'button',
      {
        font: '600 16px/1.2 system-ui, sans-serif',
        padding: '12px 20px',
        minHeight: '44px',
        border: '0',
        borderRadius: '8px',
        background: '#1a56db',
        color: '#fff',
        cursor: 'pointer',
      },
      { type: 'button', part: 'button' },
    )
    const label = document.createElement('slot')
    label.textContent = 'Pay with crypto'
    button.append(label)
    button.addEventListener('click', () => {
      const link = this.getAttribute('link')
      if (!link) return
      const fire = (name: string) => (event: { linkId: string }) =>
        this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail: event }))
      open(link, { onPaid: fire('paylink-paid'), onExpired: fire('paylink-expired'), onClose: fire('paylink-closed') })
    })
    this.attachShadow({ mode: 'open' }).append(button)
  }
}

declare global {
  interface Window {
    Paylink?: { open: typeof open; origin: string }
  }
}

window.Paylink = { open, origin: paylinkOrigin }
if (!customElements.get('paylink-button')) customElements.define('paylink-button', PaylinkButton)
