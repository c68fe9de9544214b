import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchTarget } from './fetchTarget.js'

let server: Server
let origin: string
const open = { allowHttp: true, allowPrivateAddresses: true }

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end()
    if (req.url === '/big') return void res.writeHead(200).end('x'.repeat(2000))
    if (req.url === '/slow') return // never answers
    if (req.url === '/error') return void res.writeHead(500).end('broken')
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

describe('fetchTarget', () => {
  it('passes on a 2xx answer with its type; refuses a redirect, a non-2xx, an answer over the cap and one too slow, each in words', async () => {
    expect(await fetchTarget(`${origin}/data`, { policy: open })).toEqual({
      ok: true,
      contentType: 'application/json',
      body: Buffer.from('{"ok":true}'),
    })
    expect(await fetchTarget(`${origin}/redirect`, { policy: open })).toEqual({
      ok: false,
      error: 'The target answered HTTP 302.',
    })
    expect(await fetchTarget(`${origin}/error`, { policy: open })).toEqual({
      ok: false,
      error: 'The target answered HTTP 500.',
    })
    expect(await fetchTarget(`${origin}/big`, { policy: open, maxBytes: 1000 })).toEqual({
      ok: false,
      error: "The target's answer is larger than 1000 bytes.",
    })
    expect(await fetchTarget(`${origin}/slow`, { policy: open, timeoutMs: 100 })).toEqual({
      ok: false,
      error: 'The target did not answer within 100 ms.',
    })
  })

  it('checks the URL with the webhook rules again at each fetch, and the addresses its host resolves to', async () => {
    const strict = { allowHttp: false, allowPrivateAddresses: false }
    expect(await fetchTarget(`${origin}/data`, { policy: strict })).toEqual({
      ok: false,
      error: 'The target URL must be an https URL.',
    })
    const rebinding = await fetchTarget('https://rebind.example/data', {
      policy: strict,
      lookupAll: async () => [{ address: '10.0.0.7', family: 4 }],
    })
    expect(rebinding).toMatchObject({ ok: false, error: expect.stringMatching(/resolves to 10\.0\.0\.7/) })
  })
})
