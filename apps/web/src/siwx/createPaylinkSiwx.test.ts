import { describe, expect, it } from 'vitest'
import { createPaylinkSiwx } from './createPaylinkSiwx.js'

describe('createPaylinkSiwx', () => {
  it('builds the message from the server nonce and statement, and posts sessions to the server', async () => {
    ;(globalThis as any).location = { host: 'pay.example', origin: 'https://pay.example' }
    const calls: Array<{ url: string; init?: RequestInit }> = []
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init })
      if (url === '/api/siwx/nonce') return new Response(JSON.stringify({ nonce: 'abcdefgh12345678', statement: 'Operator statement' }))
      if (url.startsWith('/api/siwx/sessions?')) return new Response('[]')
      if (init?.method === 'POST') return new Response(JSON.stringify({ error: { code: 'INVALID_SIGNATURE', message: 'The signature does not match.' } }), { status: 401 })
      return new Response(null, { status: 204 })
    }) as typeof fetch
    const siwx = createPaylinkSiwx({ fetch: fakeFetch })
    const message = await siwx.createMessage({ accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:31337' })
    const text = message.toString()
    expect(text).toContain('pay.example wants you to sign in with your Ethereum account:')
    expect(text).toContain('Operator statement')
    expect(text).toContain('Nonce: abcdefgh12345678')
    expect(text).toContain('Chain ID: 31337')
    expect(await siwx.getSessions('eip155:31337', '0xabc')).toEqual([])
    await expect(siwx.addSession({ data: message, message: text, signature: '0x00' })).rejects.toThrow('The signature does not match.')
    await siwx.setSessions([])
    expect(calls.at(-1)).toMatchObject({ url: '/api/siwx/sessions', init: { method: 'PUT', body: '[]' } })
    expect(siwx.getRequired?.()).toBe(true)
  })
})
