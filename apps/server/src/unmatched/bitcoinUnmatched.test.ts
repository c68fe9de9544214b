import type { UnmatchedPayment } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { regtestBtc, regtestPayer, useBitcoinFixtureApp } from '../testing/bitcoinFixtureApp.js'

// Unmatched payments on a Bitcoin network (the Esplora fixture): a payment to a derived address
// after its link was Paid is recorded once, and attached to another link it counts there once.
const bitcoin = useBitcoinFixtureApp()

const unmatched = async (txid: string): Promise<UnmatchedPayment[]> => {
  const response = await bitcoin.server.inject({ method: 'GET', url: '/api/unmatched', headers: bitcoin.headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ unmatched: UnmatchedPayment[] }>().unmatched.filter((row) => row.txHash === txid)
}

describe('unmatched payments on Bitcoin', () => {
  it('records a payment to the address of a link already Paid, once; attached to another link, it pays it once', async () => {
    const order = await bitcoin.newLink('0.001')
    const first = bitcoin.pay(order.address, 100_000n)
    bitcoin.esplora.mine([first])
    await bitcoin.pass()
    expect((await bitcoin.link(order.id)).status).toBe('paid')

    const after = bitcoin.pay(order.address, 50_000n)
    bitcoin.esplora.mempool.push(after)
    await bitcoin.pass()
    bitcoin.esplora.mine([after])
    await bitcoin.pass()
    await bitcoin.pass()
    const [row] = await unmatched(after.txid)
    expect(await unmatched(after.txid)).toHaveLength(1)
    expect(row).toMatchObject({
      asset: regtestBtc.assetId,
      amount: '0.0005',
      sender: regtestPayer,
      address: order.address,
      reason: 'link_closed',
      sourceLinkId: order.id,
      logIndex: 0,
    })
    expect((await bitcoin.link(order.id)).payments).toHaveLength(1)

    const other = await bitcoin.newLink('0.0005')
    const attach = () =>
      bitcoin.server.inject({
        method: 'POST',
        url: `/api/unmatched/${row!.id}/attach`,
        headers: bitcoin.headers,
        payload: { linkId: other.id },
      })
    expect((await attach()).statusCode).toBe(200)
    const paid = await bitcoin.link(other.id)
    expect(paid.status).toBe('paid')
    expect(paid.payments).toMatchObject([{ txHash: after.txid, amount: '0.0005', status: 'confirmed' }])
    const again = await attach()
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: { code: 'UNMATCHED_ALREADY_ATTACHED' } })
    await bitcoin.pass()
    expect((await bitcoin.link(other.id)).payments).toHaveLength(1)
  })
})
