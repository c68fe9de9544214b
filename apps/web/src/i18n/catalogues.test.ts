import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { languages } from './languages.js'

const src = join(import.meta.dirname, '..')
// The checkout's words both the page and the server's first HTML write (the tab title) live in shared.
const shared = join(import.meta.dirname, '../../../../packages/shared/src')
const catalogueDir = join(import.meta.dirname, 'messages')

/** Every source file of the web app but tests and the catalogues themselves. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/**
 * The message ids the code uses, read statically: a message is named only as the literal first
 * argument of `t(…)`, `rich(…)` or `m(…)` (useT.ts), so this finds every one.
 */
function usedIds(): Map<string, string> {
  const used = new Map<string, string>()
  for (const file of [...sourceFiles(src), ...sourceFiles(shared)]) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/\b(?:t|rich|m)\(\s*'([A-Za-z0-9_.-]+)'/g))
      used.set(match[1]!, relative(src, file))
  }
  return used
}

const catalogue = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(join(catalogueDir, `${code}.json`), 'utf8')) as Record<string, string>

/** The arguments a message takes ({amount}, {count, plural, …}, <link>…</link>), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue
    found.add(el.value)
    if (el.type === TYPE.tag) argumentsOf(el.children, found)
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, found)
  }
  return found
}

describe('message catalogues', () => {
  const used = usedIds()
  const english = catalogue('en')

  it('finds the checkout messages in the code (the extraction works)', () => {
    expect(used.get('payForm.pay')).toBe('pages/pay/PayForm.tsx')
    expect(used.size).toBeGreaterThan(100)
  })

  for (const { code } of languages) {
    it(`${code}: has every message the code uses and none it does not`, () => {
      const keys = Object.keys(catalogue(code))
      const missing = [...used.keys()].filter((id) => !keys.includes(id)).map((id) => `${id} (${used.get(id)})`)
      const unused = keys.filter((id) => !used.has(id))
      expect({ missing, unused }).toEqual({ missing: [], unused: [] })
    })

    it(`${code}: every message is valid ICU with the same arguments as the English one`, () => {
      const messages = catalogue(code)
      for (const [id, message] of Object.entries(messages)) {
        const want = english[id]
        if (want === undefined) continue
        const args = [...argumentsOf(parse(message))].sort()
        expect({ id, args }).toEqual({ id, args: [...argumentsOf(parse(want))].sort() })
      }
    })
  }
})
