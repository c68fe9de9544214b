import { connectBitcoin } from '@paylink/chains/bip122/server'
import { regtestFixture, startRegtestEsplora, type EsploraFixture } from '@paylink/chains/bip122/testing/esploraFixture'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PaymentRow } from '../db/rows.js'
import { decidePayment } from './decidePayment.js'

const { caipNetworkId, merchantAddress, payerAddress, elsewhere } = regtestFixture
const funding = { txid: 'ab'.repeat(32), vout: 0, address: payerAddress, value: 5_000_000n }

let esplora: EsploraFixture

beforeEach(async () => {
  esplora = await startRegtestEsplora(2)
})
afterEach(async () => {
  await esplora.close()
})

describe('a Bitcoin payment replaced by fee, as the tracker decides it', () => {
  it('to another address: unknown to Esplora, so the tracker marks it dropped (shown as confirming 0/N before, never counted)', async () => {
    const reader = connectBitcoin({ caipNetworkId, rpcUrl: `${esplora.url}/` }, { timeoutMs: 2000 })
    const original = esplora.transaction([funding], [{ address: merchantAddress, value: 100_000n }])
    esplora.mempool.push(original)
    const options = [{ id: 'opt_a', tokenAddress: null, recipient: 'wpkh(…)', depositAddress: merchantAddress }]
    const seen = await reader.readEvidence([{ transactionId: original.txid, options }])
    // The replacement spends the same input elsewhere and is mined; the original is gone.
    const replacement = esplora.transaction([funding], [{ address: elsewhere, value: 99_000n }])
    esplora.mempool.splice(0, 1)
    esplora.mine([replacement])
    const gone = await reader.readEvidence([{ transactionId: original.txid, options }])
    expect(gone.findings[0]).toEqual({ known: false, inclusion: null, block: null, match: null })

    const start = new Date('2026-01-01T00:00:00Z')
    const context = (minutes: number) => ({
      head: gone.head,
      now: new Date(start.getTime() + minutes * 60_000),
      linkExpiresAt: null,
      missingGraceMs: 10 * 60_000,
      watchBlocks: 6,
    })
    let payment = {
      status: 'pending',
      reason: null,
      optionId: null,
      blockNumber: null,
      missingSince: start,
      requiredConfirmations: 1,
      confirmations: 0,
    } as unknown as PaymentRow
    const apply = (patch: object) => (payment = { ...payment, ...patch })
    const detected = decidePayment(payment, seen.findings[0]!, context(1))
    expect(detected).toMatchObject({ credits: [{ optionId: 'opt_a', amount: 100_000n }], events: ['payment.detected'] })
    // applyDecision writes the credit with the patch.
    apply({ ...detected.patch, optionId: 'opt_a', amount: '100000' })
    expect(payment).toMatchObject({ status: 'confirming', confirmations: 0, missingSince: null })
    const first = decidePayment(payment, gone.findings[0]!, context(2))
    expect(first).toMatchObject({
      unchanged: false,
      credits: [],
      events: ['payment.reverted'],
      patch: { status: 'pending', reason: 'dropped' },
    })
    apply(first.patch)
    const last = decidePayment(payment, gone.findings[0]!, context(13))
    expect(last).toMatchObject({ credits: [], patch: { status: 'failed', reason: 'dropped' } })
  })
})
