import { describe, expect, it } from 'vitest'
import { payerLanguageCodes } from '@paylink/shared'
import { languages, matchLanguage, pickLanguage } from './languages.js'

describe('pickLanguage', () => {
  it('takes ?lang= before the remembered choice, and that before the browser', () => {
    expect(pickLanguage({ param: 'ar', stored: 'de', preferred: ['fr'] })).toBe('ar')
    expect(pickLanguage({ param: null, stored: 'de', preferred: ['fr'] })).toBe('de')
    expect(pickLanguage({ param: 'xx', stored: null, preferred: ['fr-CA', 'de'] })).toBe('fr')
  })

  it('walks the browser languages in order and falls back to English', () => {
    expect(pickLanguage({ param: null, stored: null, preferred: ['ja', 'pt-PT', 'es'] })).toBe('pt-BR')
    expect(pickLanguage({ param: null, stored: null, preferred: ['ja', 'ko'] })).toBe('en')
  })

  it('matches tags case-insensitively, by exact tag then by language', () => {
    expect(matchLanguage('ZH-cn')).toBe('zh-CN')
    expect(matchLanguage('zh-Hans-SG')).toBe('zh-CN')
    expect(matchLanguage('tr_TR')).toBe('tr')
    expect(matchLanguage('')).toBeNull()
  })
})

describe('languages', () => {
  it('names exactly the languages the server writes receipt e-mails in, in its order', () => {
    expect(languages.map((l) => l.code)).toEqual(payerLanguageCodes)
  })
})
