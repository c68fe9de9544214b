import { createBase58check } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { descriptorChecksum } from '@paylink/chains/bip122/server'
import { merchantChainKeys } from '../db/schema.js'
import {
  offlineAppConfig,
  offlineAssets,
  offlineRegtestNetwork,
  regtestBtc,
  regtestChain,
  signInSolana,
  testOrigin,
  useOfflineApps,
} from '../testing/offlineApp.js'

const context = useOfflineApps({
  siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
})
const app = () => {
  const base = offlineAppConfig(context.database)
  return context.app({ networks: [...base.networks, offlineRegtestNetwork], assets: [...offlineAssets, regtestBtc] })
}

const base58check = createBase58check((data) => new Uint8Array(createHash('sha256').update(data).digest()))
const withVersion = (key: string, version: number) => {
  const payload = Uint8Array.from(base58check.decode(key))
  new DataView(payload.buffer).setUint32(0, version)
  return base58check.encode(payload)
}
// BIP84's published mainnet account key, and the same key data as a tpub/vpub (test networks).
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs'
const tpub = withVersion(zpub, 0x043587cf)
const vpub = withVersion(zpub, 0x045f1cf6)
const url = '/api/merchant/receiving-keys/bip122'

describe('receiving key routes (/api/merchant/receiving-keys/bip122)', () => {
  it('saves a tpub, shows it with the next index and address, and a new BTC link takes that address (index moves on)', async () => {
    const server = await app()
    const { cookie } = await signInSolana(server)
    const headers = { cookie, origin: testOrigin }
    expect((await server.inject({ method: 'GET', url, headers })).json()).toEqual({ receivingKey: null })

    const noKey = await server.inject({
      method: 'POST',
      url: '/api/links',
      headers,
      payload: { title: 'Tea', options: [{ asset: regtestBtc.assetId, amount: '0.001' }] },
    })
    expect([noKey.statusCode, noKey.json().error.message]).toEqual([
      400,
      expect.stringMatching(/^body\.options\[0\]\.recipient: save a watch-only key first/),
    ])

    const saved = await server.inject({ method: 'PUT', url, headers, payload: { key: tpub } })
    expect(saved.statusCode).toBe(200)
    const receivingKey = saved.json().receivingKey
    expect(receivingKey).toMatchObject({
      namespace: 'bip122',
      script: 'wpkh',
      networkKind: 'test',
      nextIndex: 0,
      key: expect.stringMatching(/^wpkh\(tpub.+\/0\/\*\)#[a-z0-9]{8}$/),
    })
    expect(receivingKey.nextAddresses).toEqual([
      { caipNetworkId: regtestChain, address: expect.stringMatching(/^bcrt1q/) },
    ])

    const created = await server.inject({
      method: 'POST',
      url: '/api/links',
      headers,
      payload: {
        title: 'Tea & cake',
        description: 'Table 4',
        options: [{ asset: regtestBtc.assetId, amount: '0.001' }],
      },
    })
    expect(created.statusCode).toBe(201)
    const option = created.json().options[0]
    expect(option).toMatchObject({ recipient: receivingKey.key, depositAddress: receivingKey.nextAddresses[0].address })
    expect(option.paymentUri).toBe(
      `bitcoin:${option.depositAddress}?amount=0.001&label=Tea%20%26%20cake&message=Table%204`,
    )
    expect(created.json().warnings).toBeUndefined()

    const after = (await server.inject({ method: 'GET', url, headers })).json().receivingKey
    expect(after.nextIndex).toBe(1)
    expect(after.nextAddresses[0].address).not.toBe(option.depositAddress)

    // A plain address as recipient: accepted, with the warning, and no deposit address.
    const plain = await server.inject({
      method: 'POST',
      url: '/api/links',
      headers,
      payload: { title: 'x', options: [{ asset: regtestBtc.assetId, amount: '1', recipient: option.depositAddress }] },
    })
    expect(plain.statusCode).toBe(201)
    expect(plain.json().warnings).toEqual([
      expect.stringMatching(/^body\.options\[0\]: a plain Bitcoin address: payments to it cannot be told apart/),
    ])
    expect(plain.json().options[0]).toMatchObject({ depositAddress: null, paymentUri: null })
  })

  it('accepts a vpub and wpkh()/tr() descriptors (origin, /<0;1>/*, right checksum), with an API key too', async () => {
    const server = await app()
    const { cookie } = await signInSolana(server)
    const token = (
      await server.inject({
        method: 'POST',
        url: '/api/keys',
        headers: { cookie, origin: testOrigin },
        payload: { name: 'shop' },
      })
    ).json().token as string
    const headers = { authorization: `Bearer ${token}` }
    const body = `tr([73c5da0a/86h/1h/0h]${tpub}/<0;1>/*)`
    for (const [key, script] of [
      [vpub, 'wpkh'],
      [`wpkh(${tpub}/0/*)`, 'wpkh'],
      [`${body}#${descriptorChecksum(body)}`, 'tr'],
    ] as const) {
      const res = await server.inject({ method: 'PUT', url, headers, payload: { key } })
      expect([res.statusCode, res.json().receivingKey?.script], key).toEqual([200, script])
    }
    const shown = (await server.inject({ method: 'GET', url, headers })).json().receivingKey
    expect(shown.key).toBe(
      `tr([73c5da0a/86'/1'/0']${tpub}/0/*)#${descriptorChecksum(`tr([73c5da0a/86'/1'/0']${tpub}/0/*)`)}`,
    )
    expect(shown.nextAddresses[0].address).toMatch(/^bcrt1p/)
  })

  it('refuses private keys (400 SPENDING_KEY_REFUSED), bad checksums and junk (400 naming body.key), keeping the saved key', async () => {
    const server = await app()
    const { cookie } = await signInSolana(server)
    const headers = { cookie, origin: testOrigin }
    await server.inject({ method: 'PUT', url, headers, payload: { key: tpub } })
    const before = (await server.inject({ method: 'GET', url, headers })).json()
    const xprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(1)).privateExtendedKey
    const descriptor = `wpkh(${tpub}/0/*)`
    const cases: Array<[unknown, string, RegExp]> = [
      [{ key: xprv }, 'SPENDING_KEY_REFUSED', /^body\.key: is a private key: no spending key is ever accepted/],
      [{ key: `wpkh(${xprv}/0/*)` }, 'SPENDING_KEY_REFUSED', /no spending key is ever accepted/],
      [
        { key: `${descriptor}#qqqqqqqq` },
        'INVALID_REQUEST',
        /^body\.key: the descriptor checksum #qqqqqqqq does not match/,
      ],
      [{ key: 'hello' }, 'INVALID_REQUEST', /^body\.key: must be an extended public key/],
      [{ key: '' }, 'INVALID_REQUEST', /^body\.key/],
      [{}, 'INVALID_REQUEST', /^body\.key/],
      [{ key: tpub, extra: 1 }, 'INVALID_REQUEST', /^body/],
    ]
    for (const [payload, code, message] of cases) {
      const res = await server.inject({ method: 'PUT', url, headers, payload: payload as object })
      expect([res.statusCode, res.json().error.code], JSON.stringify(payload)).toEqual([400, code])
      expect(res.json().error.message).toMatch(message)
    }
    const other = await server.inject({
      method: 'PUT',
      url: '/api/merchant/receiving-keys/eip155',
      headers,
      payload: { key: tpub },
    })
    expect([other.statusCode, other.json().error.message]).toEqual([400, expect.stringMatching(/^params\.namespace/)])
    expect((await server.inject({ method: 'GET', url, headers })).json()).toEqual(before)
  })

  it("keeps each merchant's key its own: another merchant reads null and its DELETE removes only its own; unauthenticated is 401", async () => {
    const server = await app()
    const owner = await signInSolana(server)
    const other = await signInSolana(server)
    await server.inject({
      method: 'PUT',
      url,
      headers: { cookie: owner.cookie, origin: testOrigin },
      payload: { key: tpub },
    })
    expect((await server.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).json()).toEqual({
      receivingKey: null,
    })
    expect(
      (await server.inject({ method: 'DELETE', url, headers: { cookie: other.cookie, origin: testOrigin } }))
        .statusCode,
    ).toBe(204)
    expect(
      (await server.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json().receivingKey,
    ).not.toBeNull()
    expect((await server.inject({ method: 'GET', url })).statusCode).toBe(401)

    expect(
      (await server.inject({ method: 'DELETE', url, headers: { cookie: owner.cookie, origin: testOrigin } }))
        .statusCode,
    ).toBe(204)
    expect((await server.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json()).toEqual({
      receivingKey: null,
    })
    const rows = await context.database.db.select().from(merchantChainKeys)
    expect(rows.every((row) => !row.key.includes('prv'))).toBe(true)
  })
})
