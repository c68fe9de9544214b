import type { Page } from '@playwright/test'

/** A real 64 px PNG logo (a "B" on brown), drawn by the page's own canvas: a data: URL. */
export function drawLogoPng(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 64
    const ctx = canvas.getContext('2d')!
    ctx.fillStyle = '#6b3e26'
    ctx.fillRect(0, 0, 64, 64)
    ctx.fillStyle = '#f5e6c8'
    ctx.font = 'bold 40px sans-serif'
    ctx.fillText('B', 18, 47)
    return canvas.toDataURL('image/png')
  })
}
