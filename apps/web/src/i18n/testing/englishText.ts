import { createElement, type ReactElement } from 'react'
import en from '../messages/en.json'
import { createPayerIntl, PayerIntlContext } from '../payerIntl.js'
import type { TextOf } from '../useT.js'

const intl = createPayerIntl('en', en)

/** The English catalogue as the pages format it, for tests of helpers that take a `t`. */
export const englishText: TextOf = (id, values) => intl.text(id, values)

/** A payer-page component as the checkout renders it for an English reader, for render tests. */
export const inEnglish = (element: ReactElement) => createElement(PayerIntlContext.Provider, { value: intl }, element)
