import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import { intlLocaleOf, type PayerLanguage } from '@paylink/shared'
import ar from './messages/ar.json' with { type: 'json' }
import de from './messages/de.json' with { type: 'json' }
import en from './messages/en.json' with { type: 'json' }
import es from './messages/es.json' with { type: 'json' }
import fr from './messages/fr.json' with { type: 'json' }
import id from './messages/id.json' with { type: 'json' }
import ptBR from './messages/pt-BR.json' with { type: 'json' }
import tr from './messages/tr.json' with { type: 'json' }
import zhCN from './messages/zh-CN.json' with { type: 'json' }

/** Every receipt e-mail message id: a key of the English catalogue (receiptCatalogues.test.ts keeps the others in step). */
export type ReceiptMessageId = keyof typeof en

/** The receipt e-mail's words, one ICU catalogue per payer language (files a translator edits). */
export const receiptCatalogues: Record<PayerLanguage, Record<string, string>> = {
  en,
  es,
  'pt-BR': ptBR,
  fr,
  de,
  tr,
  id,
  'zh-CN': zhCN,
  ar,
}

const cache = createIntlCache()
const intls = new Map<PayerLanguage, IntlShape>()

/** The formatter for one language (made once): a message missing from its catalogue falls back to English. */
export function receiptIntl(language: PayerLanguage): IntlShape {
  let intl = intls.get(language)
  if (!intl) {
    intl = createIntl(
      {
        locale: intlLocaleOf(language),
        defaultLocale: 'en',
        messages: { ...en, ...receiptCatalogues[language] },
      },
      cache,
    )
    intls.set(language, intl)
  }
  return intl
}
