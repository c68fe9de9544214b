import { hex } from '@scure/base'
import { CompactSize, p2wpkh, Transaction } from '@scure/btc-signer'
import { secp256k1 } from '@noble/curves/secp256k1'
import { describe, expect, it } from 'vitest'
import { parseRawBlock } from './parseRawBlock.js'

describe('parseRawBlock', () => {
  it('reads the header and gives segwit transaction ids without their witnesses (as @scure/btc-signer computes them)', () => {
    const privateKey = new Uint8Array(32).fill(3)
    const payment = p2wpkh(secp256k1.getPublicKey(privateKey, true))
    const transaction = new Transaction({ allowUnknownOutputs: true })
    transaction.addInput({ txid: '11'.repeat(32), index: 0, witnessUtxo: { script: payment.script, amount: 50_000n } })
    transaction.addOutput({ script: payment.script, amount: 40_000n })
    transaction.addOutput({ script: hex.decode('6a00'), amount: 0n })
    transaction.sign(privateKey)
    transaction.finalize()
    const raw = transaction.extract()

    const header = new Uint8Array(80)
    header.set(hex.decode('22'.repeat(32)), 4)
    new DataView(header.buffer).setUint32(68, 1_700_000_123, true)
    const block = parseRawBlock(Uint8Array.from([...header, ...CompactSize.encode(1n), ...raw]))

    expect(block.previousHash).toBe('22'.repeat(32))
    expect(block.timestamp).toBe(1_700_000_123n)
    expect(block.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(block.transactions).toEqual([
      {
        txid: transaction.id,
        outputs: [
          { index: 0, script: hex.encode(payment.script), value: 40_000n },
          { index: 1, script: '6a00', value: 0n },
        ],
      },
    ])
  })

  it('throws on bytes that are no block', () => {
    expect(() => parseRawBlock(new Uint8Array(81).fill(0xff))).toThrow()
  })
})
