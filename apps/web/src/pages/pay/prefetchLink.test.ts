import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchLink } from './prefetchLink.js'

describe('prefetchLink', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('starts fetching the link of a /pay/:id address at once', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ id: 'lnk_a', title: 't', status: 'open', version: 1, options: [], payments: [] }),
        ),
    )
    vi.stubGlobal('fetch', fetch)
    const client = new QueryClient()
    prefetchLink(client, '/pay/lnk_a')
    expect(fetch).toHaveBeenCalledWith('/api/links/lnk_a', expect.anything())
    await vi.waitFor(() => expect(client.getQueryData(['link', 'lnk_a'])).toMatchObject({ id: 'lnk_a' }))
  })

  it('does nothing on other pages', () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    prefetchLink(new QueryClient(), '/dashboard')
    prefetchLink(new QueryClient(), '/pay/')
    expect(fetch).not.toHaveBeenCalled()
  })
})
