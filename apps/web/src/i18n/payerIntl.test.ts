import { parse } from '@formatjs/icu-messageformat-parser'
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import de from './messages/de.json'
import { createPayerIntl } from './payerIntl.js'

// As the build ships them (precompileMessages): each message already parsed, no ICU parser on the page.
const built = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]))
const html = (node: ReactNode) => renderToStaticMarkup(createElement('p', null, node))

describe('createPayerIntl', () => {
  afterEach(() => vi.restoreAllMocks())

  it("formats the build's parsed messages: plurals in the locale, tags and elements as keyed React nodes", () => {
    const intl = createPayerIntl('de-DE', built(de))
    expect(intl.text('time.days', { days: 1, clock: '03:04:05' })).toBe('1 Tag 03:04:05')
    expect(intl.text('time.days', { days: 2, clock: '03:04:05' })).toBe('2 Tage 03:04:05')
    const error = vi.spyOn(console, 'error')
    const rich = intl.rich('settle.surplusBitcoin', {
      merchant: createElement('strong', null, 'Bean & Leaf'),
      link: (parts: ReactNode[]) => createElement('a', { href: '/refund' }, parts),
    })
    expect(html(rich)).toBe(
      '<p>Um den Überschuss zurückzubekommen, <a href="/refund">geben Sie eine Rückerstattungsadresse an</a>; ' +
        '<strong>Bean &amp; Leaf</strong> sendet ihn dorthin.</p>',
    )
    // React warns on children arrays without keys: none here.
    expect(error).not.toHaveBeenCalled()
  })

  it('falls back to English for a message the catalogue lacks, and shows the id of an unknown one', () => {
    const intl = createPayerIntl('de-DE', {})
    expect(intl.text('pay.payments')).toBe('Payments')
    expect(intl.text('no.such.message')).toBe('no.such.message')
  })

  it('writes dates and lists the locale’s way', () => {
    const intl = createPayerIntl('de-DE', {})
    expect(intl.list(['ETH', 'TUSD', 'SOL'], 'disjunction')).toBe('ETH, TUSD oder SOL')
    expect(intl.date(new Date('2026-03-04T00:00:00Z'), { dateStyle: 'medium', timeZone: 'UTC' })).toBe('04.03.2026')
  })
})
