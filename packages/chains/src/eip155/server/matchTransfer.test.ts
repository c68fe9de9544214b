import { describe, expect, it } from 'vitest'
import type { EvmReceipt, EvmTransaction } from './readEvmPaymentEvidence.js'
import { matchTransfer, transferTopic } from './matchTransfer.js'

const merchant = '0x1111111111111111111111111111111111111111'
const payer = '0x2222222222222222222222222222222222222222'
const stranger = '0x3333333333333333333333333333333333333333'
const tusd = '0x4444444444444444444444444444444444444444'
const other = '0x5555555555555555555555555555555555555555'
const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`
const transferLog = (token: string, to: string, amount: bigint, logIndex = 0) => ({
  address: token,
  topics: [transferTopic, topic(payer), topic(to)],
  data: `0x${amount.toString(16).padStart(64, '0')}`,
  logIndex,
})
const receipt = (logs: EvmReceipt['logs'] = [], success = true): EvmReceipt => ({
  success,
  blockNumber: 1n,
  blockHash: '0xb',
  logs,
})
const tx = (to: string | null, value = 0n): EvmTransaction => ({ from: payer, to, value })
const native = { id: 'eth', tokenAddress: null, recipient: merchant }
const token = { id: 'tusd', tokenAddress: tusd, recipient: merchant }

describe('matchTransfer', () => {
  it('credits a native transfer to the recipient with its value', () => {
    expect(matchTransfer(tx(merchant, 5n), receipt(), [native])).toEqual({
      ok: true,
      credits: [{ optionId: 'eth', logIndex: -1, amount: 5n, payer }],
    })
  })
  it('credits each Transfer log of the option token to the recipient', () => {
    const logs = [
      transferLog(tusd, stranger, 1n, 0),
      transferLog(tusd, merchant, 7n, 1),
      transferLog(tusd, merchant, 3n, 2),
    ]
    expect(matchTransfer(tx(tusd), receipt(logs), [token])).toEqual({
      ok: true,
      credits: [
        { optionId: 'tusd', logIndex: 1, amount: 7n, payer },
        { optionId: 'tusd', logIndex: 2, amount: 3n, payer },
      ],
    })
  })
  it('names what is wrong', () => {
    expect(matchTransfer(tx(merchant, 5n), receipt([], false), [native])).toEqual({ ok: false, reason: 'tx_reverted' })
    expect(matchTransfer(tx(stranger, 5n), receipt(), [native])).toEqual({ ok: false, reason: 'wrong_recipient' })
    expect(matchTransfer(tx(tusd), receipt([transferLog(tusd, stranger, 5n)]), [token])).toEqual({
      ok: false,
      reason: 'wrong_recipient',
    })
    expect(matchTransfer(tx(other), receipt([transferLog(other, merchant, 5n)]), [token])).toEqual({
      ok: false,
      reason: 'wrong_token',
    })
    expect(matchTransfer(tx(merchant, 5n), receipt(), [token])).toEqual({ ok: false, reason: 'wrong_token' })
    expect(matchTransfer(tx(merchant, 0n), receipt(), [native])).toEqual({ ok: false, reason: 'no_transfer' })
  })
  it('ignores ERC-721 style Transfer logs (tokenId indexed)', () => {
    const nft = {
      ...transferLog(tusd, merchant, 1n),
      topics: [transferTopic, topic(payer), topic(merchant), topic('0x01')],
    }
    expect(matchTransfer(tx(tusd), receipt([nft]), [token])).toEqual({ ok: false, reason: 'no_transfer' })
  })

  describe('with a deposit address', () => {
    const deposit = '0x6666666666666666666666666666666666666666'
    const nativeDeposit = { ...native, depositAddress: deposit }
    const tokenDeposit = { ...token, depositAddress: deposit }
    it('credits a native transfer or a token Transfer to the deposit address like one to the recipient', () => {
      expect(matchTransfer(tx(deposit, 5n), receipt(), [nativeDeposit])).toEqual({
        ok: true,
        credits: [{ optionId: 'eth', logIndex: -1, amount: 5n, payer }],
      })
      expect(matchTransfer(tx(merchant, 5n), receipt(), [nativeDeposit])).toEqual({
        ok: true,
        credits: [{ optionId: 'eth', logIndex: -1, amount: 5n, payer }],
      })
      expect(matchTransfer(tx(tusd), receipt([transferLog(tusd, deposit, 9n, 4)]), [tokenDeposit])).toEqual({
        ok: true,
        credits: [{ optionId: 'tusd', logIndex: 4, amount: 9n, payer }],
      })
    })
    it('another token (or the native coin) into the deposit address is the wrong token; another deposit address is the wrong recipient', () => {
      expect(matchTransfer(tx(other), receipt([transferLog(other, deposit, 9n)]), [tokenDeposit])).toEqual({
        ok: false,
        reason: 'wrong_token',
      })
      expect(matchTransfer(tx(deposit, 5n), receipt(), [tokenDeposit])).toEqual({ ok: false, reason: 'wrong_token' })
      expect(matchTransfer(tx(tusd), receipt([transferLog(tusd, stranger, 9n)]), [tokenDeposit])).toEqual({
        ok: false,
        reason: 'wrong_recipient',
      })
      // Without a deposit address on the option, a transfer there pays nothing.
      expect(matchTransfer(tx(deposit, 5n), receipt(), [native])).toEqual({ ok: false, reason: 'wrong_recipient' })
    })
  })
})
