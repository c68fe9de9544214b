import { readFileSync } from 'node:fs'
import { join, normalize } from 'node:path'

const stylesheetLink = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"?#]+\.css)"[^>]*>/g
// Hashed names never change content, so each file is read once per process.
const cache = new Map<string, string>()

/**
 * Puts the build's own stylesheets into the page as <style> elements, so the checkout's first
 * paint waits for the HTML alone, not for a second request. Only files under the build's
 * /assets; a link it cannot read is left as it is.
 */
export function inlineStylesheets(html: string, webDist: string): string {
  return html.replace(stylesheetLink, (tag, href: string) => {
    const path = normalize(join(webDist, href))
    if (!path.startsWith(normalize(join(webDist, 'assets')))) return tag
    let css = cache.get(path)
    if (css === undefined) {
      try {
        css = readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style')
      } catch {
        return tag
      }
      cache.set(path, css)
    }
    return `<style>${css}</style>`
  })
}
