import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { linkOptions, links, payments } from '../db/schema.js'
import { loadWatches } from './loadWatches.js'
import { recordSightings } from './recordSightings.js'

const network = 'eip155:31337'
const now = new Date('2026-11-23T12:00:00Z')
let database: Database

async function addLink(
  id: string,
  status: string,
  options: Array<{ id: string; depositAddress?: string; reference?: string; caipNetworkId?: string }>,
  expiresAt: Date | null = null,
) {
  await database.db
    .insert(links)
    .values({ id, merchant: 'eip155:0xM', merchantAddress: '0xM', title: id, status, expiresAt, createdAt: now })
  await database.db.insert(linkOptions).values(
    options.map((option, position) => ({
      id: option.id,
      linkId: id,
      position,
      assetId: `${network}/slip44:60`,
      caipNetworkId: option.caipNetworkId ?? network,
      symbol: 'ETH',
      decimals: 18,
      tokenAddress: null,
      amount: '1000',
      recipient: '0x00000000000000000000000000000000000000b0',
      depositAddress: option.depositAddress ?? null,
      reference: option.reference ?? null,
    })),
  )
}

beforeAll(async () => {
  database = await openDatabase({ dataDir: ':memory:' })
  await addLink('lnk_open', 'open', [
    { id: 'opt_a', depositAddress: '0x00000000000000000000000000000000000000a1' },
    { id: 'opt_plain' },
  ])
  await addLink('lnk_partial', 'partially_paid', [{ id: 'opt_b', reference: 'Ref111' }])
  await addLink('lnk_paid', 'paid', [{ id: 'opt_c', depositAddress: '0x00000000000000000000000000000000000000c1' }])
  await addLink(
    'lnk_late',
    'expired',
    [{ id: 'opt_d', depositAddress: '0x00000000000000000000000000000000000000d1' }],
    new Date(now.getTime() - 3600_000),
  )
  await addLink(
    'lnk_old',
    'expired',
    [{ id: 'opt_e', depositAddress: '0x00000000000000000000000000000000000000e1' }],
    new Date(now.getTime() - 3 * 24 * 3600_000),
  )
  await addLink('lnk_other', 'open', [
    { id: 'opt_f', depositAddress: '0x00000000000000000000000000000000000000f1', caipNetworkId: 'eip155:31338' },
  ])
}, 60_000)
afterAll(async () => database?.close())

describe('loadWatches', () => {
  it('lists options with a deposit address or reference on open, partially paid and recently expired links of the network only', async () => {
    const watches = await loadWatches(database.db, network, now)
    expect(watches.map((w) => w.optionId).sort()).toEqual(['opt_a', 'opt_b', 'opt_d'])
    expect(watches.find((w) => w.optionId === 'opt_b')).toMatchObject({
      linkId: 'lnk_partial',
      reference: 'Ref111',
      depositAddress: null,
    })
  })
})

describe('recordSightings', () => {
  it('records a sighted transaction once per link as a pending payment and bumps the link, ignoring unwatched options', async () => {
    const watches = await loadWatches(database.db, network, now)
    const [before] = await database.db.select({ version: links.version }).from(links).where(eq(links.id, 'lnk_open'))
    const sightings = [
      { transactionId: '0xAB', optionId: 'opt_a' },
      { transactionId: '0xab', optionId: 'opt_a' },
      { transactionId: '0xcd', optionId: 'opt_c' },
    ]
    // The same sightings recorded twice, as two passes that see the same block would.
    const record = () =>
      recordSightings(database.db, { caipNetworkId: network, watches, sightings, requiredConfirmations: 3, now })
    const first = await record()
    expect(first.linkIds).toEqual(['lnk_open'])
    expect(first.paymentIds).toHaveLength(1)
    const [row] = await database.db.select().from(payments).where(eq(payments.id, first.paymentIds[0]!))
    expect(row).toMatchObject({ linkId: 'lnk_open', txHash: '0xab', status: 'pending', requiredConfirmations: 3 })
    const [after] = await database.db.select({ version: links.version }).from(links).where(eq(links.id, 'lnk_open'))
    expect(after!.version).toBe(before!.version + 1)

    const again = await record()
    expect(again).toEqual({ paymentIds: [], linkIds: [] })
    expect(await database.db.select().from(payments).where(eq(payments.linkId, 'lnk_paid'))).toEqual([])
  })
})
