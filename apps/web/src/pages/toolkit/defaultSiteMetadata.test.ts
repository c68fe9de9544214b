import { AppKit } from '@reown/appkit'
import { afterEach, describe, expect, it, vi } from 'vitest'

// Spec row 3.6. AppKit 1.7.8 builds default site metadata only when the site passes none
// (appkit-base-client.js: `if (!options.metadata && defaultMetaData) options.metadata = defaultMetaData`).
// Paylink passes its own (createPaylinkAppKit.ts), so no Paylink page runs the default; this runs the
// toolkit's own getDefaultMetaData on a page shaped like Paylink's index.html.

function page(tags: { title?: string; og?: string; icon?: string }, origin: string) {
  vi.stubGlobal('window', { location: { origin } })
  vi.stubGlobal('document', {
    getElementsByTagName: (tag: string) =>
      tag === 'title' && tags.title !== undefined ? [{ textContent: tags.title }] : [],
    querySelector: (selector: string) => {
      if (selector === 'meta[property="og:description"]') return tags.og === undefined ? null : { content: tags.og }
      if (selector === 'link[rel~="icon"]') return tags.icon === undefined ? null : { href: tags.icon }
      return null
    },
  })
}

// Imported before the globals are stubbed: the toolkit's UI code must not see the stand-in document.
function toolkitDefault(): unknown {
  const prototype = AppKit.prototype as unknown as { getDefaultMetaData(): unknown }
  return prototype.getDefaultMetaData.call({})
}

afterEach(() => vi.unstubAllGlobals())

describe("the toolkit's default site metadata (1.7.8)", () => {
  it('comes from the page title, the og:description tag, the page origin and the icon link', () => {
    page(
      { title: 'Paylink', og: 'Self-hosted crypto checkout', icon: 'http://127.0.0.1:3000/favicon.svg' },
      'http://127.0.0.1:3000',
    )
    expect(toolkitDefault()).toEqual({
      name: 'Paylink',
      description: 'Self-hosted crypto checkout',
      url: 'http://127.0.0.1:3000',
      icons: ['http://127.0.0.1:3000/favicon.svg'],
    })
  })

  it('leaves a missing tag empty and reads nothing outside a browser', () => {
    page({}, 'https://pay.example.com')
    expect(toolkitDefault()).toEqual({ name: '', description: '', url: 'https://pay.example.com', icons: [''] })
    vi.unstubAllGlobals()
    expect(toolkitDefault()).toBeNull()
  })
})
