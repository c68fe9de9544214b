import { describe, expect, it } from 'vitest'
import { classifyEvmEvidence } from './classifyEvmEvidence.js'
import { transferTopic } from './matchTransfer.js'
import type { EvmPaymentEvidence } from './readEvmPaymentEvidence.js'

const merchant = '0x1111111111111111111111111111111111111111'
const payer = '0x2222222222222222222222222222222222222222'
const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`
const mined: EvmPaymentEvidence = {
  transaction: { from: payer, to: merchant, value: 5n },
  receipt: { success: true, blockNumber: 7n, blockHash: '0xb7', logs: [] },
  block: { hash: '0xb7', timestamp: 1700000000n },
}
const options = [{ id: 'eth', tokenAddress: null, recipient: merchant }]

describe('classifyEvmEvidence', () => {
  it('turns a mined transaction into its inclusion, block and the options it pays', () => {
    expect(classifyEvmEvidence(mined, options)).toEqual({
      known: true,
      inclusion: { blockNumber: 7n, blockHash: '0xb7', success: true },
      block: { hash: '0xb7', timestamp: 1700000000n },
      match: { ok: true, credits: [{ optionId: 'eth', logIndex: -1, amount: 5n, payer }] },
    })
  })

  it('matches recipients case-insensitively (EVM addresses), from the Transfer logs too', () => {
    const tusd = '0x4444444444444444444444444444444444444444'
    const shop = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd'
    const evidence: EvmPaymentEvidence = {
      ...mined,
      transaction: { from: payer, to: tusd, value: 0n },
      receipt: {
        ...mined.receipt!,
        logs: [
          {
            address: tusd,
            topics: [transferTopic, topic(payer), topic(shop)],
            data: `0x${25n.toString(16).padStart(64, '0')}`,
            logIndex: 3,
          },
        ],
      },
    }
    // As a link may hold it: the recipient in checksum case.
    const checksummed = [{ id: 'tusd', tokenAddress: tusd, recipient: '0xABcdEFABcdEFabcdEfAbCdefabcdeFABcDEFabCD' }]
    expect(classifyEvmEvidence(evidence, checksummed).match).toEqual({
      ok: true,
      credits: [{ optionId: 'tusd', logIndex: 3, amount: 25n, payer }],
    })
  })

  it('says only where a matched payment is (no options: no match), and nothing of a transaction not mined', () => {
    expect(classifyEvmEvidence(mined, null)).toMatchObject({ known: true, match: null, inclusion: { blockNumber: 7n } })
    expect(classifyEvmEvidence({ transaction: mined.transaction, receipt: null, block: null }, options)).toEqual({
      known: true,
      inclusion: null,
      block: null,
      match: null,
    })
    expect(classifyEvmEvidence({ transaction: null, receipt: null, block: null }, options)).toEqual({
      known: false,
      inclusion: null,
      block: null,
      match: null,
    })
  })

  it('reports a reverted transaction as included, unsuccessful, paying nothing', () => {
    const reverted = { ...mined, receipt: { ...mined.receipt!, success: false } }
    expect(classifyEvmEvidence(reverted, options)).toMatchObject({
      inclusion: { success: false },
      match: { ok: false, reason: 'tx_reverted' },
    })
  })
})
