import type { Asset } from '@paylink/shared'
import { bech32 } from '@scure/base'
import { count } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { links } from '../db/schema.js'
import { createLinkOk, merchantApiKey, postLink } from '../testing/merchantApi.js'
import {
  offlineAppConfig,
  offlineAssets,
  offlineRegtestNetwork,
  offlineSolanaAssets,
  regtestBtc,
  useOfflineApps,
} from '../testing/offlineApp.js'

const [sol, solanaTusd] = [offlineSolanaAssets[0]!, offlineSolanaAssets[1]!]
const [eth, tusd] = [offlineAssets[0]!, offlineAssets[1]!]
const typo = 'This address has a typo (its checksum does not match)'
const checksummed = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const program = new Uint8Array(20).fill(9)
const regtestAddress = bech32.encode('bcrt', [0, ...bech32.toWords(program)])

const context = useOfflineApps()
let app: FastifyInstance
let key: string

beforeAll(async () => {
  const base = offlineAppConfig(context.database)
  app = await context.app({
    networks: [...base.networks, offlineRegtestNetwork],
    assets: [...offlineAssets, sol, solanaTusd, regtestBtc],
  })
  key = await merchantApiKey(context.database, 'k')
}, 30_000)

const linkCount = async () => (await context.database.db.select({ n: count() }).from(links))[0]!.n
const option = (asset: Asset, recipient: string) => ({
  title: 'Tea',
  options: [{ asset: asset.assetId, amount: '1', recipient }],
})

describe("a link's recipient", () => {
  it('is refused with a 400 naming the field when its checksum, curve point or network is wrong; nothing is written', async () => {
    const before = await linkCount()
    const cases: Array<[Record<string, unknown>, string]> = [
      // One letter's case flipped in an EIP-55 address: the link would otherwise pay a re-cased, wrong address.
      [option(eth, checksummed.replace('Ee7A', 'ee7A')), typo],
      [option(tusd, checksummed.replace('Ee7A', 'ee7A')), typo],
      // A program-derived address (a token account) is no wallet: no key could spend what it receives.
      [option(sol, '8TUBQQ1pboB1XTqPkFfn2cN8kUdMEDqzNxzFpCsW6HCg'), 'This is not a wallet address'],
      [option(regtestBtc, regtestAddress.slice(0, -1) + (regtestAddress.endsWith('q') ? 'p' : 'q')), typo],
      [
        option(regtestBtc, bech32.encode('tb', [0, ...bech32.toWords(program)])),
        'is an address of another network (tb1…), not of Bitcoin regtest (bcrt1…)',
      ],
    ]
    for (const [payload, message] of cases) {
      const response = await postLink(app, key, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().error.message).toContain(`body.options[0].recipient: ${message}`)
    }
    expect(await linkCount()).toBe(before)
  })

  it('is accepted with its EIP-55 checksum, or in one letter case (no checksum), and is stored checksummed', async () => {
    for (const recipient of [checksummed, checksummed.toLowerCase(), '0x' + checksummed.slice(2).toUpperCase()]) {
      const created = await createLinkOk(app, key, option(eth, recipient))
      expect(created.options[0]!.recipient).toBe(checksummed)
    }
  })

  it('is accepted as a Solana wallet on the curve and a regtest address on regtest', async () => {
    const wallet = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    expect((await createLinkOk(app, key, option(sol, wallet))).options[0]!.recipient).toBe(wallet)
    expect((await createLinkOk(app, key, option(regtestBtc, regtestAddress))).options[0]!.recipient).toBe(
      regtestAddress,
    )
  })
})

describe("an option's amount", () => {
  it('is refused with a 400 when its chain could never carry it in one transfer; nothing is written', async () => {
    const before = await linkCount()
    const cases: Array<[Asset, string, string]> = [
      [solanaTusd, '1' + '0'.repeat(32), 'is too large: at most 18446744073709.551615 TUSD'],
      [regtestBtc, '21000001', 'is too large: at most 21000000 BTC'],
      [tusd, '1' + '0'.repeat(33), 'is too large (an EVM amount is at most 2^128 of the smallest unit'],
    ]
    for (const [asset, amount, message] of cases) {
      const response = await postLink(app, key, { title: 'Tea', options: [{ asset: asset.assetId, amount }] })
      expect(response.statusCode, `${amount} ${asset.symbol}`).toBe(400)
      expect(response.json().error.message).toContain(`body.options[0].amount: ${message}`)
    }
    expect(await linkCount()).toBe(before)
  })

  it("is accepted within the chain's cap when the token's supply cannot be read (the RPC is down): a 201, never a 5xx", async () => {
    // 10^32 TUSD fits under 2^128 of its smallest unit; only its supply, read on chain, refuses it.
    const response = await postLink(app, key, {
      title: 'Tea',
      options: [{ asset: tusd.assetId, amount: '1' + '0'.repeat(32) }],
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})
