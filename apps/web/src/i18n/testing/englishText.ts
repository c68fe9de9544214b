import { createElement, type ReactElement } from 'react'
import { createIntl, IntlProvider } from 'react-intl'
import en from '../messages/en.json'
import type { TextOf } from '../useT.js'

const intl = createIntl({ locale: 'en', messages: en })

/** The English catalogue as the pages format it, for tests of helpers that take a `t`. */
export const englishText: TextOf = (id, values) => intl.formatMessage({ id }, values)

/** A payer-page component as the checkout renders it for an English reader, for render tests. */
export const inEnglish = (element: ReactElement) =>
  createElement(IntlProvider, { locale: 'en', messages: en, defaultLocale: 'en' }, element)
