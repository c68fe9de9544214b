import { formatFiatLocal, localizeDecimal, type FiatCurrency } from '@paylink/shared'
import type { ReactNode } from 'react'
import { usePayerIntlContext } from './payerIntl.js'
import type en from './messages/en.json'

/** Every payer-facing message id: a key of the English catalogue (catalogues.test.ts keeps the others in step). */
export type MessageId = keyof typeof en

type Values = Record<string, string | number | Date | null | undefined>

/** A message's text: what pure helpers take to speak the payer's language (tests pass an English one). */
export type TextOf = (id: MessageId, values?: Values) => string
type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>

/** Names a message id in a table, to be formatted later (the static extraction finds it by this call). */
export const m = <Id extends MessageId>(id: Id): Id => id

/**
 * The payer's pages' words and numbers: `t` for text, `rich` for text with markup (`<b>…</b>`
 * tags in the catalogue), and the locale's way of writing amounts, money and dates.
 */
export function useT() {
  const intl = usePayerIntlContext()
  if (!intl) throw new Error('useT outside a payer page: wrap it in <PayerLanguage>')
  const locale = intl.locale
  return {
    locale,
    t: ((id, values) => intl.text(id, values)) as TextOf,
    rich: (id: MessageId, values: RichValues): ReactNode => intl.rich(id, values),
    /** A crypto amount written the English way ("1,234.5") with this locale's separators; digits untouched. */
    amount: (text: string) => localizeDecimal(text, locale),
    fiat: (amount: string, currency: FiatCurrency) => formatFiatLocal(amount, currency, locale),
    date: (iso: string, options: Intl.DateTimeFormatOptions) => intl.date(new Date(iso), options),
    /** "A, B or C" the locale's way. */
    list: (items: string[], type: 'conjunction' | 'disjunction') => intl.list(items, type),
  }
}

export type Translate = ReturnType<typeof useT>
