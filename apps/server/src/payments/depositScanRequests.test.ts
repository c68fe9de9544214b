import type { Link } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import { keccak256, toHex, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { linkOptions } from '../db/schema.js'
import { newId } from '../db/newId.js'
import { L1, eventually, useHarnessSuite } from '../testing/paymentLinksHarness.js'
import { evmDepositAddress } from '@paylink/chains/eip155/server'

// The bench's figures for scan to pay: RPC requests per new block with 10 and 10,000 open deposit
// addresses (the budget: a small constant), and the time from a deposit's block to the link paid.
const suite = useHarnessSuite()

/** Adds open options with deposit addresses to one link, written straight to the table (creating 10,000 links through the API is not the point). */
async function addWatches(count: number): Promise<void> {
  const { h, database } = suite
  const link = await h.createLink(suite.app, { title: 'Crowd', options: [{ asset: h.assets.tusd, amount: '1' }] })
  const [template] = await database.db.select().from(linkOptions).where(eq(linkOptions.linkId, link.id))
  const rows = Array.from({ length: count }, (_, i) => {
    const id = newId('opt')
    return {
      ...template!,
      id,
      position: i + 1,
      depositAddress: evmDepositAddress(h.devnet.accounts[1]!, `${id}-${keccak256(toHex(i))}`),
    }
  })
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(linkOptions).values(rows.slice(i, i + 1000))
}

/** HTTP requests to the L1 RPC for one pass over one new block holding one deposit payment (which it finds). */
async function requestsForOneDepositBlock(): Promise<number> {
  const { h, app } = suite
  const { tracker } = app.paymentLinks
  const link = await h.createLink(app, { title: 'Scan', options: [{ asset: h.assets.tusd, amount: '1' }] })
  await tracker.runOnce()
  await h.payTusd({ to: link.options[0]!.depositAddress as Address, amount: '1' })
  const before = tracker.rpcRequests(L1)
  await tracker.runOnce()
  const requests = tracker.rpcRequests(L1) - before
  expect((await h.getLink(app, link.id)).status).toBe('paid')
  return requests
}

describe('scan to pay: RPC requests per block', () => {
  it('stay the same small constant with 10 and with 10,000 open deposit addresses', async () => {
    await addWatches(9)
    const withTen = await requestsForOneDepositBlock()
    await addWatches(9_990)
    const withTenThousand = await requestsForOneDepositBlock()
    console.info(
      `scan to pay: ${withTen} RPC requests per new block with 10 open deposit addresses, ${withTenThousand} with 10,000`,
    )
    // eth_blockNumber; the block (with bodies) + the cursor's + eth_getLogs in one batch; the found payment's receipt and body.
    expect(withTen).toBeLessThanOrEqual(3)
    expect(withTenThousand).toBe(withTen)
  }, 120_000)

  it('block -> paid: the running tracker sees a deposit within its devnet poll interval', async () => {
    const { h, app } = suite
    const link = await h.createLink(app, { title: 'Timed', options: [{ asset: h.assets.eth, amount: '0.001' }] })
    app.paymentLinks.tracker.start()
    try {
      await app.paymentLinks.tracker.runOnce()
      const sent = performance.now()
      await h.payEth({ to: link.options[0]!.depositAddress as Address, amount: '0.001' })
      const mined = performance.now()
      await eventually(async () => expect(((await h.getLink(app, link.id)) as Link).status).toBe('paid'), 10_000, 5)
      console.info(
        `scan to pay: block -> link paid in ${Math.round(performance.now() - mined)} ms (send + mine ${Math.round(mined - sent)} ms), tracker polling every 50 ms, 10,000 open deposit addresses`,
      )
    } finally {
      await app.paymentLinks.tracker.stop()
    }
  }, 30_000)
})
