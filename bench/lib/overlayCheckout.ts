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
        if (e.identifier === 'link-facts' && window.__overlayFacts === undefined)
          window.__overlayFacts = performance.timeOrigin + (e.renderTime || e.loadTime)
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
    await context.addInitScript(recorder)
    const page: Page = context.pages()[0] ?? (await context.newPage())
    await page.goto(shopOrigin, { waitUntil: 'load' })
    await page.waitForFunction('typeof window.Paylink?.open === "function"', undefined, { timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    const opened = await page.evaluate<number>(
      `(() => { const at = performance.timeOrigin + performance.now(); window.Paylink.open(${JSON.stringify(linkId)}); return at })()`,
    )
    const frame = await (await page.waitForSelector('iframe[title="Paylink checkout"]')).contentFrame()
    if (!frame) throw new Error('the overlay has no frame')
    await frame.waitForFunction('window.__overlayFacts !== undefined', undefined, { timeout: 30_000 })
    return (await frame.evaluate<number>('window.__overlayFacts')) - opened
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
