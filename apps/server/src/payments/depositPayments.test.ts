import { PAYLINK_DEPOSIT_FACTORY_ADDRESS, depositFactoryAbi } from '@paylink/chains/eip155/core'
import type { Link } from '@paylink/shared'
import { eq } from 'drizzle-orm'
import { createWalletClient, erc20Abi, getAddress, http, parseUnits, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { paymentCredits, payments } from '../db/schema.js'
import { useHarnessSuite } from '../testing/paymentLinksHarness.js'
import { evmDepositSalt } from '@paylink/chains/eip155/server'

// Payments nobody submits: the payer sends to the option's deposit address (scan to pay) and
// the tracker finds the transfer by itself in the next block.
const suite = useHarnessSuite({ scanFromHead: true })

const tusdLink = (amount: string) => ({ title: 'Scan', options: [{ asset: suite.h.assets.tusd, amount }] })
const ethLink = (amount: string) => ({ title: 'Scan', options: [{ asset: suite.h.assets.eth, amount }] })
const deposit = (link: { options: Array<{ depositAddress: string | null }> }, i = 0) =>
  link.options[i]!.depositAddress as Address
const scan = () => suite.app.paymentLinks.tracker.runOnce()
const state = (id: string): Promise<Link> => suite.h.getLink(suite.app, id)

describe('deposit addresses on links', () => {
  it("each EVM option gets the factory's CREATE2 address for (recipient, keccak256(optionId)) and an EIP-681 URI", async () => {
    const link = await suite.h.createLink(suite.app, {
      title: 'Both',
      options: [
        { asset: suite.h.assets.tusd, amount: '12.5' },
        { asset: suite.h.assets.eth, amount: '0.01' },
      ],
    })
    const view = await state(link.id)
    for (const option of view.options) {
      const onChain = await suite.h.client().readContract({
        address: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
        abi: depositFactoryAbi,
        functionName: 'depositAddress',
        args: [getAddress(option.recipient), evmDepositSalt(option.id)],
      })
      expect(option.depositAddress).toBe(onChain)
      expect(option.recipient).toBe(suite.merchant)
    }
    expect(view.options[0]!.depositAddress).not.toBe(view.options[1]!.depositAddress)
    expect(view.options[0]!.paymentUri).toBe(
      `ethereum:${suite.h.devnet.token.address}@31337/transfer?address=${view.options[0]!.depositAddress}&uint256=12500000`,
    )
    expect(view.options[1]!.paymentUri).toBe(
      `ethereum:${view.options[1]!.depositAddress}@31337?value=10000000000000000`,
    )
  })
})

describe('payments found without a submission', () => {
  it('tells two links of the same amount and asset apart', async () => {
    const [a, b] = [
      await suite.h.createLink(suite.app, tusdLink('3')),
      await suite.h.createLink(suite.app, tusdLink('3')),
    ]
    await suite.h.payTusd({ to: deposit(b), amount: '3' })
    await scan()
    expect((await state(b.id)).status).toBe('paid')
    expect((await state(b.id)).payments).toMatchObject([{ status: 'confirmed', amount: '3', reason: null }])
    expect((await state(a.id)).status).toBe('open')
    expect((await state(a.id)).payments).toEqual([])
  })

  it('finds a native payment into a deposit address (the block read with its transactions)', async () => {
    const link = await suite.h.createLink(suite.app, ethLink('0.02'))
    const hash = await suite.h.payEth({ to: deposit(link), amount: '0.02' })
    await scan()
    const after = await state(link.id)
    expect(after.status).toBe('paid')
    expect(after.payments).toMatchObject([
      { status: 'confirmed', txHash: hash, amount: '0.02', payer: suite.h.devnet.accounts[2]!.toLowerCase() },
    ])
  })

  it('finds a deposit paid while no tracker ran: the next tracker resumes after the last block scanned', async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('6'))
    await scan()
    // This app's tracker stops here; the payment and two more blocks come while none runs.
    await suite.h.payTusd({ to: deposit(link), amount: '6' })
    await suite.h.mine(2)
    const later = await suite.h.app()
    await later.paymentLinks.tracker.runOnce()
    await later.paymentLinks.tracker.runOnce()
    expect(await state(link.id)).toMatchObject({ status: 'paid', payments: [{ status: 'confirmed', amount: '6' }] })
  })

  it("the right amount to the merchant's plain address pays no link (nothing tells which)", async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('4'))
    await suite.h.payTusd({ to: suite.merchant, amount: '4' })
    await scan()
    expect(await state(link.id)).toMatchObject({ status: 'open', payments: [] })
  })

  it('the wrong asset into a deposit address is recorded but does not count (token via logs, native via the block)', async () => {
    const tokenLink = await suite.h.createLink(suite.app, tusdLink('1'))
    const nativeLink = await suite.h.createLink(suite.app, ethLink('1'))
    await suite.h.payEth({ to: deposit(tokenLink), amount: '1' })
    await suite.h.payTusd({ to: deposit(nativeLink), amount: '1' })
    await scan()
    for (const link of [tokenLink, nativeLink]) {
      const after = await state(link.id)
      expect(after.status).toBe('open')
      expect(after.payments).toMatchObject([{ status: 'failed', reason: 'wrong_token' }])
    }
  })

  it('a partial payment then a top-up pays', async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('10'))
    await suite.h.payTusd({ to: deposit(link), amount: '4' })
    await scan()
    expect(await state(link.id)).toMatchObject({ status: 'partially_paid', options: [{ paid: '4' }] })
    await suite.h.payTusd({ to: deposit(link), amount: '6.5' })
    await scan()
    expect(await state(link.id)).toMatchObject({ status: 'paid', options: [{ paid: '10.5', overpaid: '0.5' }] })
  })

  it('a payment both submitted by the checkout and found in the block counts once', async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('2'))
    await suite.h.rpc(31337, 'evm_setAutomine', [false])
    let hash: `0x${string}`
    try {
      // Submitted while in the mempool, then mined and sighted by the scan.
      hash = await createWalletClient({
        transport: http(suite.h.devnet.chains[0]!.rpcUrl),
        account: suite.h.devnet.accounts[3]!,
      }).writeContract({
        chain: null,
        address: suite.h.devnet.token.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [deposit(link), parseUnits('2', 6)],
      })
      expect((await suite.h.submit(suite.app, link.id, hash)).status).toBe('pending')
      await suite.h.mine(1)
    } finally {
      await suite.h.rpc(31337, 'evm_setAutomine', [true])
    }
    await scan()
    const after = await state(link.id)
    expect(after).toMatchObject({ status: 'paid', options: [{ paid: '2', overpaid: '0' }] })
    expect(after.payments).toHaveLength(1)
    const rows = await suite.database.db.select().from(payments).where(eq(payments.txHash, hash.toLowerCase()))
    expect(rows).toHaveLength(1)
    expect(
      await suite.database.db.select().from(paymentCredits).where(eq(paymentCredits.paymentId, rows[0]!.id)),
    ).toHaveLength(1)
    // Submitted again after the scan found it: the same payment.
    expect((await suite.h.submit(suite.app, link.id, hash)).id).toBe(rows[0]!.id)
  })

  it('a reorg that removes the deposit reverts it and takes paid from the link', async () => {
    const link = await suite.h.createLink(suite.app, tusdLink('5'))
    const snapshot = await suite.h.rpc(31337, 'evm_snapshot')
    await suite.h.payTusd({ to: deposit(link), amount: '5' })
    await scan()
    expect((await state(link.id)).status).toBe('paid')
    await suite.h.rpc(31337, 'evm_revert', [snapshot])
    await suite.h.mine(2)
    await scan()
    const after = await state(link.id)
    expect(after.status).toBe('open')
    expect(after.payments).toMatchObject([{ status: 'pending', reason: 'reorged_out', confirmations: 0 }])
  })
})
