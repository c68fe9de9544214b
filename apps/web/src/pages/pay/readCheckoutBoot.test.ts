import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { readCheckoutBoot } from './readCheckoutBoot.js'

const docWith = (text: string | null) => ({
  getElementById: (id: string) =>
    id === 'paylink-boot' && text !== null ? ({ textContent: text } as HTMLElement) : null,
})

describe('readCheckoutBoot', () => {
  it('seeds the config and the link from the data the server wrote into the page', () => {
    const client = new QueryClient()
    const config = { projectId: null, demo: true, networks: [], assets: [] }
    const link = { id: 'lnk_a', title: 'Ticket', version: 3 }
    expect(readCheckoutBoot(client, docWith(JSON.stringify({ config, link })))).toBe(true)
    expect(client.getQueryData(['config'])).toEqual(config)
    expect(client.getQueryData(['link', 'lnk_a'])).toEqual(link)
  })

  it('leaves the cache alone without data, or with data it cannot read', () => {
    for (const text of [null, '', '{broken', '{"config":{}}']) {
      const client = new QueryClient()
      expect(readCheckoutBoot(client, docWith(text))).toBe(false)
      expect(client.getQueryCache().getAll()).toHaveLength(0)
    }
  })
})
