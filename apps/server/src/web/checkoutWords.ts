import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createIntl, createIntlCache } from '@formatjs/intl'
import {
  acceptedLanguageTags,
  intlLocaleOf,
  isPayerLanguage,
  matchPayerLanguage,
  payerLanguageCodes,
  payerLanguageCookie,
  type CheckoutWords,
  type PayerLanguage,
} from '@paylink/shared'

/** The web build's catalogues as ICU text (apps/web/src/i18n/precompileMessages.ts writes the file). */
export const checkoutWordsFile = 'checkout-words.json'

export type Catalogues = Partial<Record<PayerLanguage, Record<string, string>>>

/** The words of the checkout's first HTML in one language: the page's own catalogue, formatted as the page formats it. */
export interface ShellWords extends CheckoutWords {
  language: PayerLanguage
  dir: 'ltr' | 'rtl'
  t(id: string, values?: Record<string, string | number>): string
}

/** The catalogues of the build in `webDist`, or null for a build without them (the bench's baseline). */
export function readCatalogues(webDist: string): Catalogues | null {
  try {
    return JSON.parse(readFileSync(join(webDist, checkoutWordsFile), 'utf8')) as Catalogues
  } catch {
    return null
  }
}

const cache = createIntlCache()

/** One language's words (English for a message its catalogue lacks, the id for one nobody has). */
export function shellWords(catalogues: Catalogues, language: PayerLanguage): ShellWords {
  const intl = createIntl(
    {
      locale: intlLocaleOf(language),
      defaultLocale: 'en',
      messages: { ...catalogues.en, ...catalogues[language] },
      // A missing message is the catalogue test's to catch; the page still gets its HTML.
      onError: () => undefined,
    },
    cache,
  )
  return {
    language,
    locale: intl.locale,
    dir: language === 'ar' ? 'rtl' : 'ltr',
    t: (id, values) => intl.formatMessage({ id }, values),
  }
}

/** Each language's words made once per build's catalogues. */
export function wordsOf(catalogues: Catalogues): (language: PayerLanguage) => ShellWords {
  const made = new Map<PayerLanguage, ShellWords>()
  return (language) => {
    let words = made.get(language)
    if (!words) made.set(language, (words = shellWords(catalogues, language)))
    return words
  }
}

/**
 * The payer's language as the page will pick it, as far as a server can tell: `?lang=`, then the
 * language the payer chose on the page (the switcher's cookie), then Accept-Language, then English.
 */
export function requestLanguage(request: {
  query: unknown
  headers: { cookie?: string; 'accept-language'?: string }
}): PayerLanguage {
  const param = (request.query as { lang?: unknown } | null)?.lang
  const cookie = new RegExp(`(?:^|;\\s*)${payerLanguageCookie}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1]
  // The cookie is the payer's to write: one that is not one of ours is passed over, never an error.
  const chosen = cookie && isPayerLanguage(cookie) ? cookie : null
  for (const tag of [
    typeof param === 'string' ? param : null,
    chosen,
    ...acceptedLanguageTags(request.headers['accept-language']),
  ]) {
    const match = tag ? matchPayerLanguage(tag) : null
    if (match) return match
  }
  return payerLanguageCodes[0]
}
