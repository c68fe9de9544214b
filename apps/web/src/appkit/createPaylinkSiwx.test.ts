import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPaylinkSiwx } from './createPaylinkSiwx.js'

const nonceAnswer = {
  nonce: 'abcdefgh12345678',
  statement: 'Operator statement',
  expiresAt: '2030-01-01T00:00:00.000Z',
  domain: 'pay.example',
  uri: 'https://pay.example',
  sessionTtlSeconds: 86_400,
}

describe('createPaylinkSiwx', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('builds the message from the server nonce and statement, and posts sessions to the server', async () => {
    vi.stubGlobal('location', { host: 'pay.example', origin: 'https://pay.example' })
    const calls: Array<{ url: string; init?: RequestInit }> = []
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, init })
      if (url === '/api/siwx/nonce') return new Response(JSON.stringify(nonceAnswer))
      if (url.startsWith('/api/siwx/sessions?')) return new Response('[]')
      if (init?.method === 'POST')
        return new Response(
          JSON.stringify({ error: { code: 'INVALID_SIGNATURE', message: 'The signature does not match.' } }),
          { status: 401 },
        )
      return new Response(null, { status: 204 })
    })
    let changes = 0
    const siwx = createPaylinkSiwx({ onChange: () => changes++ })
    const message = await siwx.createMessage({
      accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 'eip155:31337',
    })
    const text = message.toString()
    expect(text).toContain('pay.example wants you to sign in with your Ethereum account:')
    expect(text).toContain('Operator statement')
    expect(text).toContain('Nonce: abcdefgh12345678')
    expect(text).toContain('Chain ID: 31337')
    expect(await siwx.getSessions('eip155:31337', '0xabc')).toEqual([])
    expect(calls.at(-1)?.url).toBe('/api/siwx/sessions?chainId=eip155%3A31337&address=0xabc')
    await expect(siwx.addSession({ data: message, message: text, signature: '0x00' })).rejects.toThrow(
      'The signature does not match.',
    )
    expect(changes).toBe(0)
    await siwx.revokeSession('eip155:31337', '0xabc')
    expect(calls.at(-1)).toMatchObject({
      url: '/api/siwx/sessions?chainId=eip155%3A31337&address=0xabc',
      init: { method: 'DELETE' },
    })
    await siwx.setSessions([])
    expect(calls.at(-1)).toMatchObject({ url: '/api/siwx/sessions', init: { method: 'PUT', body: '[]' } })
    expect(changes).toBe(2)
    expect(siwx.getRequired?.()).toBe(true)
  })
})
