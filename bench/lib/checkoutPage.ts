import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type LaunchOptions, type Page } from '@playwright/test'
import { keepToLoopback } from '../../e2e/support/loopback.js'

/**
 * Records, inside the page, when the link's facts are on screen and whether the toolkit got ready before any press
 * (AppKit's modal in the page; performance.now(), i.e. ms since navigation start), and times a press on Connect
 * until the button shows it is working and until AppKit's modal card is visible. Each run is a new Chromium with a new, empty profile
 * directory: no cache, no storage, nothing left from the run before.
 */
const recorder = `(() => {
  const found = {}
  window.__bench = found
  const deep = (root, selector) => {
    const hit = root.querySelector(selector)
    if (hit) return hit
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) {
        const inner = deep(el.shadowRoot, selector)
        if (inner) return inner
      }
    }
    return null
  }
  window.__benchDeep = deep
  // Element Timing: when the title (elementtiming="link-facts") was painted, whoever wrote it,
  // the server's HTML or React.
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.identifier === 'link-facts' && found.factsPaint === undefined) found.factsPaint = e.renderTime || e.loadTime
    }).observe({ type: 'element', buffered: true })
  } catch {}
  const shown = (el) => { if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 }
  const tick = () => {
    if (found.facts === undefined && shown(document.querySelector('[data-testid="link-facts"]'))) found.facts = performance.now()
    // The toolkit is ready when createAppKit has put its modal in the page and defined it: the
    // payer's checkout shows no toolkit button (issue #21), in either build.
    if (found.button === undefined && document.querySelector('w3m-modal') && customElements.get('w3m-modal')) found.button = performance.now()
    if (found.facts === undefined || found.button === undefined) requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})()`

// Plain text, not a function: tsx would wrap a function's inner helpers in its own __name.
// A press as a payer makes it: pointerdown (where the lazy build starts fetching the toolkit),
// then the click. Times the button's busy state and the modal's card from the press.
const clickConnectUntilModal = `new Promise((resolve, reject) => {
  const start = performance.now()
  const button = document.querySelector('[data-testid="pay-connect"]')
  button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, isPrimary: true }))
  button.click()
  let busy
  const check = () => {
    if (busy === undefined) {
      const now = document.querySelector('[data-testid="pay-connect"]')
      if (!now || now.disabled || now.textContent.includes('Opening')) busy = performance.now() - start
    }
    const modal = document.querySelector('w3m-modal')
    const card = modal && modal.shadowRoot ? window.__benchDeep(modal.shadowRoot, 'wui-card') : null
    const box = card && card.getBoundingClientRect()
    if (box && box.width > 0 && box.height > 0) resolve({ modal: performance.now() - start, busy: busy ?? performance.now() - start })
    else if (performance.now() - start > 20000) reject(new Error('the modal did not open within 20 s'))
    else requestAnimationFrame(check)
  }
  check()
})`

export interface CheckoutRun {
  /** The link's title painted (Element Timing), from the server's HTML or from the app. */
  factsPaint: number
  /** The app's own mark, set in the frame React committed the facts. */
  factsMark: number
  /** The toolkit ready before any press (createAppKit has put its modal in the page); NaN: not loaded before a press. */
  button: number
  /** Press on the page's Connect button -> the button shows that it is working (its busy state or the modal). */
  busy: number
  /** Press on the page's Connect button -> the modal's card has a size (the toolkit fetched and started, if it was not). */
  modal: number
}

export async function measureCheckout(launch: LaunchOptions, url: string): Promise<CheckoutRun> {
  const profile = mkdtempSync(join(tmpdir(), 'paylink-bench-profile-'))
  // bypassCSP: the probes below are evaluated as text; the page's own scripts are the same.
  const context = await chromium.launchPersistentContext(profile, { ...launch, bypassCSP: true })
  try {
    await keepToLoopback(context)
    await context.addInitScript(recorder)
    const page: Page = context.pages()[0] ?? (await context.newPage())
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction('window.__bench.factsPaint !== undefined', undefined, { timeout: 30_000 })
    // A payer reads before pressing: the page at rest (the eager build's toolkit started, the lazy one's not asked for).
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)
    const factsPaint = await page.evaluate<number>('window.__bench.factsPaint')
    const factsMark = await page.evaluate<number>(
      "performance.getEntriesByName('paylink:link-facts')[0]?.startTime ?? NaN",
    )
    const button = await page.evaluate<number>('window.__bench.button ?? NaN')
    await page.locator('[data-testid="pay-connect"]').waitFor()
    const { busy, modal } = await page.evaluate<{ busy: number; modal: number }>(clickConnectUntilModal)
    return { factsPaint, factsMark, button, busy, modal }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * The payer switches the checkout's language (#34): the select's change -> `<html lang>` set to the new language and
 * the next frame drawn. `fetched`: German, its catalogue fetched at the switch; `cached`: back to English (in the entry).
 */
const switchLanguage = `(async (language) => {
  const select = document.querySelector('[data-testid="language-select"]')
  const start = performance.now()
  const done = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (document.documentElement.lang !== language) return
      watch.disconnect()
      requestAnimationFrame(() => requestAnimationFrame(resolve))
    })
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] })
  })
  select.value = language
  select.dispatchEvent(new Event('change', { bubbles: true }))
  await done
  return performance.now() - start
})`

export async function measureLanguageSwitch(
  launch: LaunchOptions,
  url: string,
): Promise<{ fetched: number; cached: number }> {
  const profile = mkdtempSync(join(tmpdir(), 'paylink-bench-profile-'))
  const context = await chromium.launchPersistentContext(profile, { ...launch, bypassCSP: true, locale: 'en-US' })
  try {
    await keepToLoopback(context)
    const page: Page = context.pages()[0] ?? (await context.newPage())
    await page.goto(url, { waitUntil: 'load' })
    await page.locator('[data-testid="language-select"]').waitFor()
    await page.waitForLoadState('networkidle')
    const fetched = await page.evaluate<number>(`${switchLanguage}('de')`)
    const cached = await page.evaluate<number>(`${switchLanguage}('en')`)
    return { fetched, cached }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
