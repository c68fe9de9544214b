import type { CollectTransaction, Deposits } from '@paylink/shared'
import { PAYLINK_DEPOSIT_FACTORY_ADDRESS } from '@paylink/chains/eip155/core'
import { createWalletClient, erc20Abi, http, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { L1, useHarnessSuite } from '../testing/paymentLinksHarness.js'

const suite = useHarnessSuite()
const auth = () => ({ authorization: `Bearer ${suite.h.apiKey}` })
const listDeposits = async (): Promise<Deposits> => {
  const response = await suite.app.inject({ method: 'GET', url: '/api/deposits', headers: auth() })
  expect(response.statusCode).toBe(200)
  return response.json()
}
const collect = (caipNetworkId: unknown) =>
  suite.app.inject({ method: 'POST', url: '/api/deposits/collect', headers: auth(), payload: { caipNetworkId } })
const tusdBalance = (address: Address) =>
  suite.h
    .client()
    .readContract({ address: suite.h.devnet.token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

/** The merchant's own wallet sends the transaction the server built (anvil's unlocked account). */
async function send(transaction: CollectTransaction): Promise<void> {
  const merchant = suite.h.devnet.accounts[1]!
  const wallet = createWalletClient({ transport: http(suite.h.devnet.chains[0]!.rpcUrl), account: merchant })
  const hash = await wallet.sendTransaction({
    chain: null,
    to: transaction.to as Address,
    data: transaction.data as Hex,
    value: BigInt(transaction.value),
  })
  expect((await suite.h.client().waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success')
}

describe('GET /api/deposits and POST /api/deposits/collect', () => {
  it('need a merchant, and refuse a network without deposit addresses naming the field', async () => {
    expect((await suite.app.inject({ method: 'GET', url: '/api/deposits' })).statusCode).toBe(401)
    expect(
      (await suite.app.inject({ method: 'POST', url: '/api/deposits/collect', payload: { caipNetworkId: L1 } }))
        .statusCode,
    ).toBe(401)
    const unknown = await collect('eip155:1')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.message).toMatch(/^body\.caipNetworkId: /)
    const malformed = await collect('nope')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.message).toMatch(/^body\.caipNetworkId: /)
  })

  it('shows what waits per network, builds the collect transaction for the merchant to send, and collects late payments again', async () => {
    const { h } = suite
    const merchant = h.devnet.accounts[1]!
    expect((await collect(L1)).json().error.code).toBe('NOTHING_TO_COLLECT')

    const tusd = await h.createLink(suite.app, { title: 'T', options: [{ asset: h.assets.tusd, amount: '7' }] })
    const eth = await h.createLink(suite.app, { title: 'E', options: [{ asset: h.assets.eth, amount: '0.5' }] })
    await h.payTusd({ to: tusd.options[0]!.depositAddress as Address, amount: '7' })
    await h.payEth({ to: eth.options[0]!.depositAddress as Address, amount: '0.5' })

    const before = await listDeposits()
    const l1 = before.networks.find((network) => network.caipNetworkId === L1)!
    expect(l1).toMatchObject({ factory: PAYLINK_DEPOSIT_FACTORY_ADDRESS, addressesRead: 2 })
    expect(l1.waiting).toEqual([
      { asset: h.assets.eth, symbol: 'ETH', decimals: 18, amount: '0.5' },
      { asset: h.assets.tusd, symbol: 'TUSD', decimals: 6, amount: '7' },
    ])
    expect(l1.deposits.map((deposit) => deposit.linkId).sort()).toEqual([tusd.id, eth.id].sort())

    const response = await collect(L1)
    expect(response.statusCode).toBe(200)
    const transaction = response.json() as CollectTransaction
    expect(transaction).toMatchObject({
      caipNetworkId: L1,
      to: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
      value: '0',
      deposits: 2,
      remaining: 0,
    })
    const [ethBefore, tusdBefore] = [await h.client().getBalance({ address: merchant }), await tusdBalance(merchant)]
    await send(transaction)
    expect(await tusdBalance(merchant)).toBe(tusdBefore + parseUnits('7', 6))
    // The merchant paid the gas of its own transaction: it got 0.5 ETH less that.
    const gained = (await h.client().getBalance({ address: merchant })) - ethBefore
    expect(gained > parseEther('0.49') && gained < parseEther('0.5')).toBe(true)
    expect((await listDeposits()).networks.find((network) => network.caipNetworkId === L1)!.waiting).toEqual([])

    // A late payment into the collected (now deployed) forwarder: listed and collected again.
    await h.payTusd({ to: tusd.options[0]!.depositAddress as Address, amount: '1.25' })
    expect((await listDeposits()).networks.find((network) => network.caipNetworkId === L1)!.waiting).toEqual([
      { asset: h.assets.tusd, symbol: 'TUSD', decimals: 6, amount: '1.25' },
    ])
    await send((await collect(L1)).json())
    expect(await tusdBalance(merchant)).toBe(tusdBefore + parseUnits('8.25', 6))
  })
})
