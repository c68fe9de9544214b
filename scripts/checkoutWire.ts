import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/support/chromium.js'
import { keepToLoopback } from '../e2e/support/loopback.js'

export interface WireScript {
  file: string
  /** Content-Encoding the server chose ('' for none). */
  encoding: string
  /** The body's bytes as they travelled (compressed, when it was). */
  wireBytes: number
}

export interface WireReport {
  scripts: WireScript[]
  wireBytes: number
  /** Scripts of the toolkit (its entry chunk, kitModule-*.js) fetched before any interaction. */
  toolkitRequested: boolean
}

/** The toolkit's entry chunk (loadKitModule.ts imports kitModule.ts): asked for means the toolkit is loading. */
const toolkitChunk = /\/assets\/kitModule-[\w-]+\.js$/

/**
 * Opens `url` in Debian's Chromium (which sends Accept-Encoding: gzip, deflate, br, zstd), touches
 * nothing, and sums the JavaScript that travelled until the network has been quiet for `settleMs`:
 * what a payer's phone downloads and runs before the first interaction.
 */
export async function measureScriptsBeforeInteraction(url: string, settleMs = 1500): Promise<WireReport> {
  const browser = await chromium.launch(chromiumLaunchOptions())
  try {
    const context = await browser.newContext()
    await keepToLoopback(context)
    const page = await context.newPage()
    const pending: Array<Promise<WireScript | null>> = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return
      pending.push(
        (async () => {
          const response = await request.response()
          if (!response) return null
          const sizes = await request.sizes()
          return {
            file: new URL(request.url()).pathname,
            encoding: (await response.allHeaders())['content-encoding'] ?? '',
            wireBytes: sizes.responseBodySize,
          }
        })(),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.waitForTimeout(settleMs)
    const scripts = (await Promise.all(pending)).filter((s): s is WireScript => s !== null)
    return {
      scripts,
      wireBytes: scripts.reduce((sum, s) => sum + s.wireBytes, 0),
      toolkitRequested: scripts.some((s) => toolkitChunk.test(s.file)),
    }
  } finally {
    await browser.close()
  }
}
