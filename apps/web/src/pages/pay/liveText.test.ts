import { describe, expect, it } from 'vitest'
import { englishText } from '../../i18n/testing/englishText.js'
import { liveText as liveTextOf } from './liveText.js'

const liveText = (live: Parameters<typeof liveTextOf>[1], online: boolean) => liveTextOf(englishText, live, online)

describe('liveText: the live badge says when the page is not live', () => {
  it('is live only with the stream on and the browser online', () => {
    expect(liveText('live', true)).toEqual({ text: '● Live: this page updates by itself.', live: true })
    expect(liveText('live', false)).toEqual({ text: '○ Not live: you are offline.', live: false })
    expect(liveText('reconnecting', true).live).toBe(false)
    expect(liveText('reconnecting', true).text).toMatch(/^○ Not live/)
  })
})
