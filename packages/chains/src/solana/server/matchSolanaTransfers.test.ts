import { describe, expect, it } from 'vitest'
import type { ExpectedOption } from '../../serverFace/chainFamily.js'
import { findAssociatedTokenAddress } from './findAssociatedTokenAddress.js'
import { innerInstructionIndex, matchSolanaTransfers, type ParsedSolanaTransaction } from './matchSolanaTransfers.js'

// Fixtures written from the JSON-RPC documentation of getTransaction (encoding jsonParsed).
const merchant = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN'
const payer = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const stranger = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const usdt = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
const merchantUsdc = findAssociatedTokenAddress(merchant, usdc)
const merchantUsdt = findAssociatedTokenAddress(merchant, usdt)
const payerUsdc = findAssociatedTokenAddress(payer, usdc)
const strangerUsdc = findAssociatedTokenAddress(stranger, usdc)

const solOption: ExpectedOption = { id: 'opt_sol', tokenAddress: null, recipient: merchant, reference: null }
const usdcOption: ExpectedOption = { id: 'opt_usdc', tokenAddress: usdc, recipient: merchant, reference: null }

function systemTransfer(destination: string, lamports: number) {
  return {
    program: 'system',
    programId: '11111111111111111111111111111111',
    parsed: { type: 'transfer', info: { source: payer, destination, lamports } },
  }
}
function tokenTransferChecked(destination: string, mint: string, amount: string) {
  return {
    program: 'spl-token',
    programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    parsed: {
      type: 'transferChecked',
      info: { source: payerUsdc, mint, destination, authority: payer, tokenAmount: { amount, decimals: 6 } },
    },
  }
}
function tokenTransfer(destination: string, amount: string) {
  return {
    program: 'spl-token',
    programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    parsed: { type: 'transfer', info: { source: payerUsdc, destination, authority: payer, amount } },
  }
}

function transaction(
  instructions: unknown[],
  extra: Partial<NonNullable<ParsedSolanaTransaction['meta']>> = {},
  accountKeys: string[] = [payer, merchant],
): ParsedSolanaTransaction {
  return {
    slot: 100,
    blockTime: 1_700_000_000,
    transaction: {
      signatures: ['sig'],
      message: { accountKeys: accountKeys.map((pubkey) => ({ pubkey })), instructions: instructions as never },
    },
    meta: { err: null, innerInstructions: [], preTokenBalances: [], postTokenBalances: [], ...extra },
  }
}

describe('matchSolanaTransfers', () => {
  it('credits a SOL option with the sum of its System transfers, at the first one', () => {
    const tx = transaction([
      systemTransfer(stranger, 5),
      systemTransfer(merchant, 300_000_000),
      systemTransfer(merchant, 200_000_000),
    ])
    expect(matchSolanaTransfers(tx, [solOption])).toEqual({
      ok: true,
      credits: [{ optionId: 'opt_sol', logIndex: 1, amount: 500_000_000n, payer }],
    })
  })

  it('counts a transfer made inside another program (inner instructions) with its own index', () => {
    const tx = transaction([{ programId: 'SomeProgram111111111111111111111111111111111', accounts: [], data: '' }], {
      innerInstructions: [{ index: 0, instructions: [systemTransfer(merchant, 7) as never] }],
    })
    expect(matchSolanaTransfers(tx, [solOption])).toEqual({
      ok: true,
      credits: [{ optionId: 'opt_sol', logIndex: innerInstructionIndex(0, 0), amount: 7n, payer }],
    })
  })

  it("credits an SPL option paid into the recipient's associated token account (transferChecked, or transfer with the mint from the balances)", () => {
    expect(
      matchSolanaTransfers(transaction([tokenTransferChecked(merchantUsdc, usdc, '2500000')]), [solOption, usdcOption]),
    ).toEqual({
      ok: true,
      credits: [{ optionId: 'opt_usdc', logIndex: 0, amount: 2_500_000n, payer }],
    })
    const plain = transaction(
      [tokenTransfer(merchantUsdc, '1000000')],
      { postTokenBalances: [{ accountIndex: 1, mint: usdc, owner: merchant }] },
      [payer, merchantUsdc],
    )
    expect(matchSolanaTransfers(plain, [usdcOption])).toEqual({
      ok: true,
      credits: [{ optionId: 'opt_usdc', logIndex: 0, amount: 1_000_000n, payer }],
    })
  })

  it('a failed transaction pays nothing', () => {
    expect(
      matchSolanaTransfers(transaction([systemTransfer(merchant, 1)], { err: { InstructionError: [0, 'Custom'] } }), [
        solOption,
      ]),
    ).toEqual({
      ok: false,
      reason: 'tx_reverted',
    })
  })

  it('tells a wrong mint from a wrong recipient from no transfer at all', () => {
    /** The refusal of a transaction of these instructions offered one option. */
    const refusal = (instructions: unknown[], option: ExpectedOption) =>
      matchSolanaTransfers(transaction(instructions), [option])
    expect(refusal([tokenTransferChecked(merchantUsdt, usdt, '1')], usdcOption)).toEqual({
      ok: false,
      reason: 'wrong_token',
    })
    expect(refusal([systemTransfer(merchant, 1)], usdcOption)).toEqual({ ok: false, reason: 'wrong_token' })
    expect(refusal([tokenTransferChecked(strangerUsdc, usdc, '1')], usdcOption)).toEqual({
      ok: false,
      reason: 'wrong_recipient',
    })
    expect(refusal([systemTransfer(stranger, 1)], solOption)).toEqual({ ok: false, reason: 'wrong_recipient' })
    expect(refusal([], solOption)).toEqual({ ok: false, reason: 'no_transfer' })
  })
})
