/**
 * The languages the payer's pages and e-mails are written in (BCP 47 tags); the first is the
 * fallback. The web app names them in its switcher; the server writes receipt e-mails in them.
 */
export const payerLanguageCodes = ['en', 'es', 'pt-BR', 'fr', 'de', 'tr', 'id', 'zh-CN', 'ar'] as const

export type PayerLanguage = (typeof payerLanguageCodes)[number]

export const isPayerLanguage = (value: string): value is PayerLanguage =>
  (payerLanguageCodes as readonly string[]).includes(value)

/**
 * The locale Intl formats with. Arabic keeps Latin digits: the amounts a payer copies, addresses
 * and hashes are Latin digits whatever the language, and a page mixing two digit sets reads as two numbers.
 */
export const intlLocaleOf = (language: PayerLanguage): string => (language === 'ar' ? 'ar-u-nu-latn' : language)
