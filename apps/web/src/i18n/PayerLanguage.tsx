import { payerLanguageCookie } from '@paylink/shared'
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import en from './messages/en.json'
import { createPayerIntl, PayerIntlContext } from './payerIntl.js'
import { directionOf, intlLocaleOf, isLanguage, pickLanguage, type Language } from './languages.js'
import type { LazyPart } from './precompileMessages.js'

export type Catalogue = Record<keyof typeof en, string>

const storageKey = 'paylink:lang'

// English is in the entry; every other catalogue is its own chunk, fetched only for a payer who reads it.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  es: () => import('./messages/es.json'),
  'pt-BR': () => import('./messages/pt-BR.json'),
  fr: () => import('./messages/fr.json'),
  de: () => import('./messages/de.json'),
  tr: () => import('./messages/tr.json'),
  id: () => import('./messages/id.json'),
  'zh-CN': () => import('./messages/zh-CN.json'),
  ar: () => import('./messages/ar.json'),
}

// A lazy page's own messages (see lazyParts in precompileMessages.ts), each language's its own chunk.
// Without the build's plugin (tests) a part is the whole catalogue, which merges to the same.
type PartLoaders = Record<string, () => Promise<Partial<Catalogue>>>
const partLoaders: Record<LazyPart, PartLoaders> = {
  pos: import.meta.glob<Partial<Catalogue>>('./messages/*.json', { query: '?part=pos', import: 'default' }),
  sub: import.meta.glob<Partial<Catalogue>>('./messages/*.json', { query: '?part=sub', import: 'default' }),
  refund: import.meta.glob<Partial<Catalogue>>('./messages/*.json', { query: '?part=refund', import: 'default' }),
}

const loaded = new Map<string, Catalogue>([['en', en]])

function loadBase(language: Language): Promise<Catalogue> {
  const have = loaded.get(language)
  if (have) return Promise.resolve(have)
  return loaders[language as Exclude<Language, 'en'>]().then((m) => {
    loaded.set(language, m.default)
    return m.default
  })
}

/** The language's catalogue, with a lazy page's part (its English under it, for a message not yet translated). */
function loadCatalogue(language: Language, part: LazyPart | undefined): Promise<Catalogue> {
  if (!part) return loadBase(language)
  const key = `${language}:${part}`
  const have = loaded.get(key)
  if (have) return Promise.resolve(have)
  const loadPart = (of: Language) => partLoaders[part][`./messages/${of}.json`]!()
  return Promise.all([loadBase(language), loadPart('en'), language === 'en' ? {} : loadPart(language)]).then(
    ([base, english, own]) => {
      const messages = { ...base, ...english, ...own }
      loaded.set(key, messages)
      return messages
    },
  )
}

function readStored(): string | null {
  try {
    return localStorage.getItem(storageKey)
  } catch {
    return null
  }
}

function remember(language: Language) {
  // The server writes the checkout's first HTML in this language too (it cannot read localStorage).
  document.cookie = `${payerLanguageCookie}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`
  try {
    localStorage.setItem(storageKey, language)
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** The language the page opens in; a valid `?lang=` is remembered as if chosen with the switcher. */
export function initialLanguage(): Language {
  const param = new URLSearchParams(window.location.search).get('lang')
  const language = pickLanguage({ param, stored: readStored(), preferred: navigator.languages ?? [] })
  if (param && language !== readStored() && isLanguage(param)) remember(language)
  return language
}

const LanguageContext = createContext<{ language: Language; choose(language: Language): void }>({
  language: 'en',
  choose: () => undefined,
})

/** The payer's language and the switcher's setter (remembered in this browser). */
export const useLanguage = () => useContext(LanguageContext)

/**
 * The payer's pages in the payer's language: loads that one catalogue (English without a
 * request), sets <html lang dir> while mounted, and gives it back to English on the way out, as
 * the merchant's pages stay English. Until a first catalogue arrives the page waits (a small
 * chunk, fetched at once), so no English flashes before Arabic.
 */
export function PayerLanguage({ children, part }: { children: ReactNode; part?: LazyPart }) {
  const [wanted, setWanted] = useState<Language>(initialLanguage)
  const [shown, setShown] = useState<{ language: Language; messages: Catalogue } | null>(() => {
    const have = loaded.get(part ? `${wanted}:${part}` : wanted)
    return have ? { language: wanted, messages: have } : null
  })

  useEffect(() => {
    let current = true
    loadCatalogue(wanted, part)
      .then((messages) => current && setShown({ language: wanted, messages }))
      // A catalogue that cannot load (offline) leaves the page in the language it has, else English.
      .catch(() => current && setShown((s) => s ?? { language: 'en', messages: en }))
    return () => {
      current = false
    }
  }, [wanted, part])

  const language = shown?.language
  useEffect(() => {
    if (!language) return
    const root = document.documentElement
    root.lang = language
    root.dir = directionOf(language)
    return () => {
      root.lang = 'en'
      root.dir = 'ltr'
    }
  }, [language])

  const intl = useMemo(() => shown && createPayerIntl(intlLocaleOf(shown.language), shown.messages), [shown])
  if (!shown) return null
  const choose = (next: Language) => {
    remember(next)
    setWanted(next)
  }
  return (
    <LanguageContext.Provider value={{ language: shown.language, choose }}>
      <PayerIntlContext.Provider value={intl}>{children}</PayerIntlContext.Provider>
    </LanguageContext.Provider>
  )
}
