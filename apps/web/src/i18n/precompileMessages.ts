import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'

const catalogue = /\/src\/i18n\/messages\/[^/]+\.json$/

/**
 * Messages of payer pages that are not the checkout (the subscription pages): the English the entry
 * carries (PayerLanguage's import, resolved to `en.json?entry` in builds) leaves them out, so they
 * cost the checkout's first paint nothing; those pages bring the whole English catalogue in their own
 * chunk (pages/subscribe/SubscriptionMessages.tsx). Tests and catalogues see the one whole file.
 */
export const pageOnlyPrefixes = ['sub.']

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
    // The English PayerLanguage imports is the entry's: `en.json?entry`, without the page-only messages.
    async resolveId(source, importer, options) {
      if (source !== './messages/en.json' || !importer?.endsWith('/i18n/PayerLanguage.tsx')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && { ...resolved, id: `${resolved.id}?entry` }
    },
    transform(code, id) {
      const [path, query = ''] = id.split('?')
      if (!catalogue.test(path!)) return null
      const entry = new URLSearchParams(query).has('entry')
      const messages = JSON.parse(code) as Record<string, string>
      const parsed = Object.fromEntries(
        Object.entries(messages)
          .filter(([key]) => !entry || !pageOnlyPrefixes.some((prefix) => key.startsWith(prefix)))
          .map(([key, text]) => [key, parse(text)]),
      )
      // Still JSON: Vite's own JSON plugin makes the module of it. With a query the file is no longer
      // taken for JSON, so the entry's subset comes as the module itself.
      return { code: entry ? `export default ${JSON.stringify(parsed)}` : JSON.stringify(parsed), map: null }
    },
  }
}
