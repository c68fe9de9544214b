import type { ReactNode } from 'react'
import { IntlProvider, useIntl } from 'react-intl'
import english from '../../i18n/messages/en.json'

/**
 * The subscription pages' English: the entry's English catalogue leaves their messages out (so the
 * checkout's first paint does not carry them; precompileMessages.ts), and this chunk brings the
 * whole of it. Every other language's catalogue is loaded whole and has them already. (Read from the
 * messages, not from PayerLanguage: this chunk importing that module would split the entry.)
 */
export function SubscriptionMessages({ children }: { children: ReactNode }) {
  const { locale, messages } = useIntl()
  if ('sub.subscribe' in messages) return children
  return (
    <IntlProvider locale={locale} messages={english} defaultLocale="en">
      {children}
    </IntlProvider>
  )
}
