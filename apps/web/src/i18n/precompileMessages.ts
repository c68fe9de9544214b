import { readdirSync, readFileSync } from 'node:fs'
import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

const catalogue = /\/src\/i18n\/messages\/[^/]+\.json$/
const messagesDir = new URL('./messages/', import.meta.url)

/**
 * Messages of pages that load in their own chunk (a key's first segment): the entry's catalogue
 * leaves them out and the page loads them with its language (`<PayerLanguage part>`), so every
 * message a new payer page adds does not weigh on the checkout's first paint (issue #32's budget).
 */
export const lazyParts = ['pos', 'sub', 'refund'] as const
export type LazyPart = (typeof lazyParts)[number]

/** The messages of one part (`?part=pos`), or without a part the entry's: all but the lazy parts'. */
export function messagesOfPart<T>(messages: Record<string, T>, part: string | null): Record<string, T> {
  const partOf = (key: string) => key.slice(0, key.indexOf('.'))
  return Object.fromEntries(
    Object.entries(messages).filter(([key]) =>
      part ? partOf(key) === part : !(lazyParts as readonly string[]).includes(partOf(key)),
    ),
  )
}

/** Where the build puts every catalogue as ICU text, for the server's first HTML of the checkout (apps/server/src/web/checkoutWords.ts). */
export const checkoutWordsFile = 'checkout-words.json'

/**
 * The catalogues stay ICU text a translator edits; the build ships each message already parsed
 * (formatjs's AST), so the page needs no ICU parser: `resolve.alias` swaps it for formatjs's
 * `no-parser` build, which saves its bytes on the checkout's critical path and the parsing on
 * the payer's phone. A message that does not parse fails the build.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'paylink-precompile-messages',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    // The server writes the checkout's first HTML (before the app starts) in the payer's language
    // with these same messages, so the page reads alike before and after the app takes over.
    generateBundle() {
      const all = Object.fromEntries(
        readdirSync(messagesDir)
          .filter((file) => file.endsWith('.json'))
          .map((file) => [
            file.slice(0, -'.json'.length),
            JSON.parse(readFileSync(new URL(file, messagesDir), 'utf8')),
          ]),
      )
      this.emitFile({ type: 'asset', fileName: checkoutWordsFile, source: JSON.stringify(all) })
    },
    transform(code, id) {
      const [file, query = ''] = id.split('?')
      if (!catalogue.test(file!)) return null
      const part = new URLSearchParams(query).get('part')
      const messages = messagesOfPart(JSON.parse(code) as Record<string, string>, part)
      const parsed = JSON.stringify(
        Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)])),
      )
      // Still JSON for the plain file: Vite's own JSON plugin makes the module of it. Vite takes a
      // file with a query for JavaScript, so a part is given as its module.
      return { code: part ? `export default JSON.parse(${JSON.stringify(parsed)})` : parsed, map: null }
    },
  }
}
