import { readdirSync, readFileSync } from 'node:fs'
import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

const catalogue = /\/src\/i18n\/messages\/[^/]+\.json$/
const messagesDir = new URL('./messages/', import.meta.url)

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
      if (!catalogue.test(id.split('?')[0]!)) return null
      const messages = JSON.parse(code) as Record<string, string>
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]))
      // Still JSON: Vite's own JSON plugin makes the module of it.
      return { code: JSON.stringify(parsed), map: null }
    },
  }
}
