import type { ReceivingKeyAnswer, UnmatchedPayment } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { regtestBtc, regtestPayer, useBitcoinFixtureApp } from '../testing/bitcoinFixtureApp.js'

// Unmatched payments on a Bitcoin network (the Esplora fixture): a payment to a derived address
// after its link was Paid is recorded once, and attached to another link it counts there once; a
// payment to the merchant's key's next address (a copied "main address", no link's) is recorded;
// a wrong amount to an open link's own address is that link's partial payment, not unmatched.
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
  it("records a payment to the merchant's next receive address (its key's, given to no link) as no_link, once", async () => {
    await bitcoin.newLink('0.002') // the key is in use on this network from now on
    const key = await bitcoin.server.inject({
      method: 'GET',
      url: '/api/merchant/receiving-keys/bip122',
      headers: bitcoin.headers,
    })
    expect(key.statusCode, key.body).toBe(200)
    // What a wallet holding the key offers as its next address, and Settings shows: no link has it.
    const { address } = key.json<ReceivingKeyAnswer>().receivingKey!.nextAddresses[0]!
    await bitcoin.pass()
    const stray = bitcoin.pay(address, 70_000n)
    // Mined now: what reached the address before the key's first link is not the merchant's customers'.
    bitcoin.esplora.mine([stray], Math.floor(Date.now() / 1000))
    await bitcoin.pass()
    await bitcoin.pass()
    expect(await unmatched(stray.txid)).toMatchObject([
      {
        asset: regtestBtc.assetId,
        amount: '0.0007',
        sender: regtestPayer,
        address,
        reason: 'no_link',
        sourceLinkId: null,
        status: 'unmatched',
      },
    ])
  })

  it("counts a wrong amount to an open link's own address as that link's partial payment, not as unmatched", async () => {
    const order = await bitcoin.newLink('0.001')
    const short = bitcoin.pay(order.address, 40_000n)
    bitcoin.esplora.mine([short])
    await bitcoin.pass()
    await bitcoin.pass()
    const view = await bitcoin.link(order.id)
    expect(view.status).toBe('partially_paid')
    expect(view.payments).toMatchObject([{ txHash: short.txid, amount: '0.0004', status: 'confirmed' }])
    expect(await unmatched(short.txid)).toEqual([])
  })
})
