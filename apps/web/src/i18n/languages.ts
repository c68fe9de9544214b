import { intlLocaleOf, matchPayerLanguage, type PayerLanguage } from '@paylink/shared'

export { intlLocaleOf }

/** The payer's pages speak these (the shared list, named); the first is the fallback and ships in the entry. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'id', name: 'Bahasa Indonesia' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'ar', name: 'العربية' },
] as const satisfies ReadonlyArray<{ code: PayerLanguage; name: string }>

export type Language = (typeof languages)[number]['code']

export const fallbackLanguage: Language = 'en'

export const isLanguage = (value: string): value is Language => languages.some((l) => l.code === value)

export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr')

/** One of ours for a BCP 47 tag a browser sends (shared with the server's first HTML). */
export const matchLanguage = (tag: string): Language | null => matchPayerLanguage(tag)

/** `?lang=`, then the payer's remembered choice, then the browser's languages in order, then English. */
export function pickLanguage({
  param,
  stored,
  preferred,
}: {
  param: string | null
  stored: string | null
  preferred: readonly string[]
}): Language {
  for (const tag of [param, stored, ...preferred]) {
    const match = tag ? matchLanguage(tag) : null
    if (match) return match
  }
  return fallbackLanguage
}
