import { payerLanguageCodes } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { receiptCatalogues, receiptIntl, type ReceiptMessageId } from './receiptCatalogues.js'

const english = receiptCatalogues.en

describe('receipt e-mail catalogues', () => {
  it('has one for every payer language, each with exactly the English keys', () => {
    expect(Object.keys(receiptCatalogues)).toEqual([...payerLanguageCodes])
    for (const language of payerLanguageCodes) {
      expect(Object.keys(receiptCatalogues[language]).sort(), language).toEqual(Object.keys(english).sort())
    }
  })

  it('formats every message through ICU with each value the English one shows', () => {
    for (const language of payerLanguageCodes) {
      const intl = receiptIntl(language)
      for (const [key, message] of Object.entries(english)) {
        const names = [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
        const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]))
        const written = intl.formatMessage({ id: key as ReceiptMessageId }, values)
        expect(written, `${language} ${key}`).not.toMatch(/[{}]/)
        for (const name of names) expect(written, `${language} ${key}`).toContain(`<${name}>`)
      }
    }
  })
})
