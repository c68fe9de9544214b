import type { UnmatchedPayment } from '@paylink/shared'
import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { bearer, createLinkOk, merchantApiKey, otherMerchantAddress } from '../testing/merchantApi.js'
import { useHarnessSuite } from '../testing/paymentLinksHarness.js'

// Transfers that reach the merchant but pay no open option, on the EVM devnet: recorded once,
// listed, attachable once, and counted by a link only when attached. The cases: a wrong
// amount (to the main address: unmatched; to an open link's deposit address: a partial payment),
// a missing reference (on EVM, the main address instead of a deposit address) and after Paid.
const suite = useHarnessSuite({ scanFromHead: true })

const tusdLink = (amount: string) => ({ title: 'Unmatched', options: [{ asset: suite.h.assets.tusd, amount }] })
const scan = () => suite.app.paymentLinks.tracker.runOnce()
const list = async (): Promise<UnmatchedPayment[]> => {
  const response = await suite.app.inject({ method: 'GET', url: '/api/unmatched', headers: bearer(suite.h.apiKey) })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ unmatched: UnmatchedPayment[] }>().unmatched
}
const ofTx = async (txHash: string) => (await list()).filter((row) => row.txHash === txHash)
const attach = (id: string, linkId: string, apiKey = suite.h.apiKey) =>
  suite.app.inject({ method: 'POST', url: `/api/unmatched/${id}/attach`, headers: bearer(apiKey), payload: { linkId } })

describe('unmatched payments on EVM', () => {
  it("records a Test USD transfer to the merchant's main address with no link, once, with its sender and amount", async () => {
    await suite.h.createLink(suite.app, tusdLink('4')) // the merchant receives Test USD at its main address
    await scan()
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '1.5' })
    await scan()
    await scan()
    const rows = await ofTx(hash)
    expect(rows).toMatchObject([
      {
        caipNetworkId: 'eip155:31337',
        asset: suite.h.assets.tusd,
        amount: '1.5',
        sender: suite.h.devnet.accounts[2]!.toLowerCase(),
        address: suite.merchant,
        reason: 'no_link',
        status: 'unmatched',
        sourceLinkId: null,
      },
    ])
    expect(rows[0]!.logIndex).toBeGreaterThanOrEqual(0)
    const events = await suite.app.inject({
      method: 'GET',
      url: '/api/events?limit=500',
      headers: bearer(suite.h.apiKey),
    })
    const unmatchedEvents = events
      .json<{ events: Array<{ type: string; data: { unmatchedPayment?: UnmatchedPayment } }> }>()
      .events.filter((event) => event.type === 'payment.unmatched' && event.data.unmatchedPayment?.txHash === hash)
    expect(unmatchedEvents).toHaveLength(1)
  })

  it("records ETH sent to the merchant's main address though no link of the merchant asks for ETH: every configured asset is watched there", async () => {
    const hash = await suite.h.payEth({ to: suite.merchant, amount: '0.03' })
    await scan()
    await scan()
    expect(await ofTx(hash)).toMatchObject([
      { asset: suite.h.assets.eth, amount: '0.03', address: suite.merchant, reason: 'no_link', sourceLinkId: null },
    ])
  })

  it("records a wrong amount sent to the merchant's main address while a link is open: nothing there tells which link it was for", async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('5'))
    await scan()
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '4.99' })
    await scan()
    await scan()
    expect(await ofTx(hash)).toMatchObject([{ amount: '4.99', address: suite.merchant, reason: 'no_link' }])
    const view = await suite.h.getLink(suite.app, link.id)
    expect(view.status).toBe('open')
    expect(view.payments).toEqual([])
  })

  it("counts a wrong amount sent to an open link's deposit address as that link's partial payment, not as unmatched", async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('5'))
    const hash = await suite.h.payTusd({ to: link.options[0]!.depositAddress as Address, amount: '2' })
    await scan()
    await scan()
    const view = await suite.h.getLink(suite.app, link.id)
    expect(view.status).toBe('partially_paid')
    expect(view.payments).toMatchObject([{ txHash: hash, amount: '2', counted: true }])
    expect(await ofTx(hash)).toEqual([])
  })

  it('records a payment to the deposit address of a link already Paid, naming that link', async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('2'))
    const deposit = link.options[0]!.depositAddress as Address
    await suite.h.payTusd({ to: deposit, amount: '2' })
    await scan()
    expect((await suite.h.getLink(suite.app, link.id)).status).toBe('paid')
    const after = await suite.h.payTusd({ to: deposit, amount: '0.7' })
    await scan()
    await scan()
    expect(await ofTx(after)).toMatchObject([
      { amount: '0.7', address: deposit, reason: 'link_closed', sourceLinkId: link.id },
    ])
    // The Paid link did not count it.
    expect((await suite.h.getLink(suite.app, link.id)).payments).toHaveLength(1)
  })

  it('attaches an unmatched payment once: the link turns Paid and counts it once; a second attach is refused', async () => {
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '3' })
    await scan()
    await scan()
    const [row] = await ofTx(hash)
    expect(row).toBeDefined()
    const link = await suite.h.createLink(suite.app, tusdLink('3'))

    const ethLink = await suite.h.createLink(suite.app, {
      title: 'ETH',
      options: [{ asset: suite.h.assets.eth, amount: '1' }],
    })
    const wrongAsset = await attach(row!.id, ethLink.id)
    expect(wrongAsset.statusCode).toBe(409)
    expect(wrongAsset.json()).toMatchObject({ error: { code: 'UNMATCHED_ASSET_MISMATCH' } })

    const otherKey = await merchantApiKey(suite.database, 'other', otherMerchantAddress)
    const theirs = await createLinkOk(suite.app, otherKey, tusdLink('3'))
    expect((await attach(row!.id, theirs.id)).statusCode).toBe(404)
    expect((await attach(row!.id, link.id, otherKey)).statusCode).toBe(404)

    const attached = await attach(row!.id, link.id)
    expect(attached.statusCode, attached.body).toBe(200)
    expect(attached.json()).toMatchObject({ status: 'attached', attachedLinkId: link.id })
    const view = await suite.h.getLink(suite.app, link.id)
    expect(view.status).toBe('paid')
    expect(view.payments).toMatchObject([{ txHash: hash, amount: '3', status: 'confirmed', counted: true }])

    const again = await attach(row!.id, link.id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ error: { code: 'UNMATCHED_ALREADY_ATTACHED' } })
    const elsewhere = await attach(row!.id, (await suite.h.createLink(suite.app, tusdLink('3'))).id)
    expect(elsewhere.statusCode).toBe(409)

    // The tracker's later passes neither record it again nor count it twice.
    await scan()
    expect(await ofTx(hash)).toHaveLength(1)
    expect((await suite.h.getLink(suite.app, link.id)).payments).toHaveLength(1)
    // A checkout submitting the same transaction to another link cannot count it a second time.
    const other = await suite.h.createLink(suite.app, tusdLink('3'))
    await suite.h.submit(suite.app, other.id, hash)
    await scan()
    expect((await suite.h.getLink(suite.app, other.id)).status).toBe('open')
  })

  it('marks an unmatched payment refunded with its refund transaction; then it cannot be attached', async () => {
    const hash = await suite.h.payTusd({ to: suite.merchant, amount: '0.25' })
    await scan()
    await scan()
    const [row] = await ofTx(hash)
    const refundTxHash = `0x${'ab'.repeat(32)}`
    const refunded = await suite.app.inject({
      method: 'POST',
      url: `/api/unmatched/${row!.id}/refunded`,
      headers: bearer(suite.h.apiKey),
      payload: { refundTxHash },
    })
    expect(refunded.statusCode, refunded.body).toBe(200)
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundTxHash })
    const link = await suite.h.createLink(suite.app, tusdLink('0.25'))
    expect((await attach(row!.id, link.id)).json()).toMatchObject({ error: { code: 'UNMATCHED_ALREADY_REFUNDED' } })
    const missing = await suite.app.inject({
      method: 'POST',
      url: '/api/unmatched/unm_nope/refunded',
      headers: bearer(suite.h.apiKey),
      payload: {},
    })
    expect(missing.statusCode).toBe(404)
  })
})
