import { findAssociatedTokenAddress } from '@paylink/chains/solana/server'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  offlineAppConfig,
  offlineSolanaAssets,
  signInSolana,
  solanaChain,
  testOrigin,
  useOfflineApps,
} from '../testing/offlineApp.js'
import { createUnmatchedWatches } from './unmatchedWatches.js'

// Which accounts the unmatched watches make a Solana reader poll at the merchant's main address.
const context = useOfflineApps()
const [sol, tusd] = [offlineSolanaAssets[0]!, offlineSolanaAssets[1]!]
let merchant: string

beforeAll(async () => {
  const base = offlineAppConfig(context.database)
  const app = await context.app({ networks: [...base.networks], assets: [...base.assets, sol, tusd] })
  const { cookie, signer } = await signInSolana(app)
  merchant = signer.address
  // A SOL link only: no link of the merchant has used the Test USD mint.
  const created = await app.inject({
    method: 'POST',
    url: '/api/links',
    headers: { cookie, origin: testOrigin },
    payload: { title: 'SOL only', options: [{ asset: sol.assetId, amount: '1' }] },
  })
  expect(created.statusCode, created.body).toBe(201)
}, 60_000)

describe('unmatched watches on Solana', () => {
  it("poll the merchant's token account of every configured mint, not only of mints a link used", async () => {
    const tokenAccount = findAssociatedTokenAddress(merchant, tusd.assetId.split('token:')[1]!)
    const watched = async (assets: typeof offlineSolanaAssets) =>
      (await createUnmatchedWatches(context.database.db, solanaChain, assets).load([]))
        .filter((watch) => watch.recipient === merchant)
        .map((watch) => [watch.tokenAddress, watch.reference])
    expect(await watched(offlineSolanaAssets)).toEqual([
      [null, merchant],
      [tusd.assetId.split('token:')[1]!, tokenAccount],
    ])
    // Only mined transfers are recorded: a reader spends no unconfirmed read on them (Bitcoin's mempool rotation).
    const all = await createUnmatchedWatches(context.database.db, solanaChain, offlineSolanaAssets).load([])
    expect(all.length).toBeGreaterThan(0)
    expect(all.every((watch) => watch.minedOnly === true)).toBe(true)
    // Without the configuration, only what a link used: the SOL account.
    expect(await watched([])).toEqual([[null, merchant]])
  })
})
