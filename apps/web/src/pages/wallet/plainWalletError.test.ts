import { describe, expect, it } from 'vitest'
import { plainWalletError } from './plainWalletError.js'

const tusd = { name: 'Test USD', symbol: 'TUSD', native: false }
const sol = { name: 'Solana', symbol: 'SOL', native: true }

describe('plainWalletError', () => {
  it('says an address error of a production Solana build in words, without the decode command', () => {
    const thrown = new Error(
      "Solana error #2800001; Decode this error by running `npx @solana/errors decode -- 2800001 'YWN0dWFsTGVuZ3RoPTM'`",
    )
    expect(plainWalletError(thrown, tusd)).toBe('This is not a valid Solana address.')
    expect(plainWalletError(Object.assign(new Error('x'), { context: { __code: 2800002 } }))).toBe(
      'This is not a valid Solana address.',
    )
  })

  it("names the asset that is short when a program refuses with error 1, however deep the wallet's wrapping", () => {
    const simulation = new Error(
      'Transaction simulation failed: Error processing Instruction 1: custom program error: 0x1',
    )
    expect(plainWalletError(new Error('Send failed', { cause: simulation }), tusd)).toBe(
      'There is not enough Test USD in this wallet for this transfer (and its network fee).',
    )
    expect(plainWalletError({ originalError: simulation }, sol)).toBe(
      'There is not enough SOL in this wallet for this transfer (and its network fee).',
    )
  })

  it('never shows a bare code to decode, and leaves other errors to the wallet sentence', () => {
    expect(plainWalletError(new Error('Solana error #5663004'))).toBe(
      'The Solana network refused this (its error 5663004).',
    )
    expect(plainWalletError({ code: 4001, message: 'User rejected' })).toBe('You declined the request in your wallet.')
  })
})
