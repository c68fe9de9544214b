import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type LaunchOptions, type Page } from '@playwright/test'
import { keepToLoopback } from '../../e2e/support/loopback.js'

/**
 * In every frame: when the title (elementtiming="link-facts", the marker measureCheckout reads) was painted, on the
 * shared epoch clock (timeOrigin + renderTime), so the checkout's frame and the shop's page compare.
 */
const recorder = `(() => {
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.identifier === 'link-facts' && window.__overlayPainted)
          window.__overlayPainted(performance.timeOrigin + (e.renderTime || e.loadTime))
    }).observe({ type: 'element', buffered: true })
  } catch {}
})()`

/**
 * The shop's page at rest (its /embed.js loaded), then `Paylink.open(linkId)` -> the link's facts painted inside the
 * overlay's frame, in ms. A new Chromium with an empty profile each run, as measureCheckout: the frame's checkout
 * loads from nothing, like the page's.
 */
export async function measureOverlayFacts(launch: LaunchOptions, shopOrigin: string, linkId: string): Promise<number> {
  const profile = mkdtempSync(join(tmpdir(), 'paylink-bench-profile-'))
  const context = await chromium.launchPersistentContext(profile, launch)
  try {
    await keepToLoopback(context)
    // The frame reports through a binding, not an evaluate: Playwright's evaluate runs eval, which the checkout's
    // CSP refuses, and the frame keeps its CSP (no bypassCSP) so it loads as a shop's customer gets it.
    let report: (at: number) => void = () => {}
    const painted = new Promise<number>((resolve) => (report = resolve))
    await context.exposeBinding('__overlayPainted', ({ frame }, at: number) => {
      if (frame.url().includes('/pay/')) report(at)
    })
    await context.addInitScript(recorder)
    const page: Page = context.pages()[0] ?? (await context.newPage())
    await page.goto(shopOrigin, { waitUntil: 'load' })
    await page.waitForFunction('typeof window.Paylink?.open === "function"', undefined, { timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    const opened = await page.evaluate<number>(
      `(() => { const at = performance.timeOrigin + performance.now(); window.Paylink.open(${JSON.stringify(linkId)}); return at })()`,
    )
    const at = await Promise.race([
      painted,
      page.waitForTimeout(30_000).then(() => Promise.reject(new Error("the overlay's facts not painted within 30 s"))),
    ])
    return at - opened
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
