import { IntlMessageFormat } from 'intl-messageformat'
import { Children, createContext, createElement, Fragment, isValidElement, useContext, type ReactNode } from 'react'
import en from './messages/en.json'

/** A catalogue as the page holds it: ICU text in tests, formatjs's parsed AST in the build (precompileMessages). */
export type Messages = Readonly<Record<string, unknown>>
type Values = Record<string, unknown>

export interface PayerIntl {
  /** The Intl locale the page writes numbers, dates and lists in. */
  readonly locale: string
  /** A message's text. */
  text(id: string, values?: Values): string
  /** A message whose values may be React elements or tags' functions (`<b>…</b>` in the catalogue). */
  rich(id: string, values?: Values): ReactNode
  date(date: Date, options: Intl.DateTimeFormatOptions): string
  list(items: string[], type: 'conjunction' | 'disjunction'): string
}

/** Parts of a rich message as React children with keys, as react-intl gave them (no key warnings). */
const keyed = (parts: ReactNode[]): ReactNode[] =>
  Children.toArray(parts).map((part, index) =>
    isValidElement(part) ? createElement(Fragment, { key: index }, part) : part,
  )

/** Tags' functions get their parts keyed too. */
const keyedTags = (values: Values): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? (parts: ReactNode[]) => (value as (p: ReactNode[]) => ReactNode)(keyed(parts))
        : value,
    ]),
  ) as Record<string, string>

/**
 * The payer's words through FormatJS's message formatter (intl-messageformat: ICU plurals, selects,
 * tags) and the browser's own Intl for dates and lists. react-intl wrapped the same formatter in
 * every formatter FormatJS has (numbers, relative times, display names, ranges), which the checkout
 * never calls, and npm nested two copies of it: 4.9 KiB gzip of the critical path that held the
 * bench's ratio over its budget (issue #34). A message missing from the chosen catalogue falls back
 * to English, then to its id.
 */
export function createPayerIntl(locale: string, messages: Messages): PayerIntl {
  const formats = new Map<string, IntlMessageFormat | null>()
  const formatOf = (id: string): IntlMessageFormat | null => {
    if (formats.has(id)) return formats.get(id)!
    const source = (messages[id] ?? (en as Messages)[id]) as ConstructorParameters<typeof IntlMessageFormat>[0]
    const format = source === undefined ? null : new IntlMessageFormat(source, locale)
    formats.set(id, format)
    return format
  }
  const dates = new Map<string, Intl.DateTimeFormat>()
  const format = (id: string, values?: Values): string | ReactNode[] => {
    const message = formatOf(id)
    if (!message) return id
    try {
      const out = message.format(values && keyedTags(values)) as string | ReactNode[]
      return Array.isArray(out) ? keyed(out) : out
    } catch (error) {
      // A value the message needs was not given: the id shows, as react-intl did, and the console says why.
      console.error(`message ${id}:`, error)
      return id
    }
  }
  return {
    locale,
    text: (id, values) => {
      const out = format(id, values)
      // Text only has text values, which the formatter joins itself; a stray object is written as String() writes it.
      return typeof out === 'string' ? out : out.map((part) => String(part as string)).join('')
    },
    rich: format,
    date(date, options) {
      const key = JSON.stringify(options)
      let dateFormat = dates.get(key)
      if (!dateFormat) dates.set(key, (dateFormat = new Intl.DateTimeFormat(locale, options)))
      return dateFormat.format(date)
    },
    list: (items, type) => new Intl.ListFormat(locale, { type }).format(items),
  }
}

export const PayerIntlContext = createContext<PayerIntl | null>(null)

/** The payer page's words; null outside a payer page (the merchant's pages stay English). */
export const usePayerIntlContext = () => useContext(PayerIntlContext)
