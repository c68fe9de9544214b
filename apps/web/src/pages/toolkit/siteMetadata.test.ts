import { describe, expect, it } from 'vitest'
import { metadataMismatches, readPageMetadata } from './siteMetadata.js'

function fakeDocument(html: Record<string, string | null>): Document {
  return {
    getElementsByTagName: (tag: string) =>
      tag === 'title' && html.title !== null ? [{ textContent: html.title }] : [],
    querySelector: (selector: string) => {
      if (selector.includes('og:description')) return html.og === null ? null : { content: html.og }
      if (selector.includes('icon')) return html.icon === null ? null : { href: html.icon }
      return null
    },
  } as unknown as Document
}

describe('readPageMetadata', () => {
  it('reads title, og:description, origin and the icon link', () => {
    const doc = fakeDocument({ title: 'Paylink', og: 'Pay links', icon: 'http://x/favicon.svg' })
    expect(readPageMetadata(doc, 'http://x')).toEqual({
      name: 'Paylink',
      description: 'Pay links',
      url: 'http://x',
      icons: ['http://x/favicon.svg'],
    })
  })
  it('falls back to empty strings like the toolkit', () => {
    expect(readPageMetadata(fakeDocument({ title: null, og: null, icon: null }), 'http://x')).toEqual({
      name: '',
      description: '',
      url: 'http://x',
      icons: [''],
    })
  })
  it('names the fields that differ', () => {
    const page = { name: 'a', description: 'b', url: 'c', icons: ['d'] }
    expect(metadataMismatches(page, page)).toEqual([])
    expect(metadataMismatches({ ...page, icons: ['e'], name: 'z' }, page)).toEqual(['name', 'icons'])
    expect(metadataMismatches(undefined, page)).toHaveLength(4)
  })
})
