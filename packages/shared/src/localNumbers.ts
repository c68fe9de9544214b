import type { FiatCurrency } from './fiat.js'

const separatorCache = new Map<string, { group: string; decimal: string }>()

/** The locale's thousands and decimal separators, read from Intl once per locale. */
export function separatorsOf(locale: string): { group: string; decimal: string } {
  let found = separatorCache.get(locale)
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.8)
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    }
    separatorCache.set(locale, found)
  }
  return found
}

/**
 * A crypto amount already written for people in English form ("9,999.99991249", from
 * formatAmount or groupDigits) with the locale's separators ("9.999,99991249" in German). Only
 * the separators change: the digits are the string's own, never parsed into a number, so
 * nothing is rounded.
 */
export function localizeDecimal(text: string, locale: string): string {
  const { group, decimal } = separatorsOf(locale)
  if (group === ',' && decimal === '.') return text
  return text.replace(/[.,]/g, (c) => (c === ',' ? group : decimal))
}

/**
 * A fiat amount in the payer's locale ("12,50 €", "US$ 12.50"). The decimal string goes to
 * Intl as a string (exact decimal formatting), with as many fraction digits as it has: no
 * JS number, no rounding.
 */
export function formatFiatLocal(amount: string, currency: FiatCurrency, locale: string): string {
  const fraction = amount.split('.')[1]?.length ?? 0
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  })
  // Intl.NumberFormat formats a decimal string exactly (ECMA-402 NumberFormat v3); lib ES2022 types it as number only.
  return format.format(amount as unknown as number)
}
