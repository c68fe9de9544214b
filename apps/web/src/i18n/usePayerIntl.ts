import { usePayerIntlContext } from './payerIntl.js'
import type { MessageId } from './useT.js'

/**
 * The payer's locale and words for components the merchant's pages share (amounts, fiat, copy
 * buttons): null outside a payer page, where they keep writing English as before.
 */
export function usePayerIntl(): { locale: string; t(id: MessageId, values?: Record<string, string>): string } | null {
  const intl = usePayerIntlContext()
  if (!intl) return null
  return { locale: intl.locale, t: (id, values) => intl.text(id, values) }
}
