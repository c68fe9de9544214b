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

/**
 * One of ours for a BCP 47 tag a browser sends: the exact tag, else its language (pt-PT -> pt-BR,
 * zh-TW -> zh-CN, de-AT -> de), else null.
 */
export function matchPayerLanguage(tag: string): PayerLanguage | null {
  const lower = tag.trim().toLowerCase()
  if (!lower) return null
  const exact = payerLanguageCodes.find((code) => code.toLowerCase() === lower)
  if (exact) return exact
  const base = lower.split(/[-_]/)[0]
  return payerLanguageCodes.find((code) => code.toLowerCase().split('-')[0] === base) ?? null
}

/** An Accept-Language header's tags, most wanted first (q=0 left out). */
export function acceptedLanguageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean)
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index }
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag)
}

/** Where the payer's pages remember the language chosen, for the server's first HTML too (a cookie). */
export const payerLanguageCookie = 'paylink-lang'
