import { describe, expect, it } from 'vitest'
import { amountCapProblem, createLinkBodySchemaFor } from './links.js'
import { parseUnits } from '@paylink/chains/money'

const evmTusd = {
  assetId: 'eip155:31337/erc20:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  decimals: 6,
  symbol: 'TUSD',
}
const solanaTusd = {
  assetId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  decimals: 6,
  symbol: 'TUSD',
}
const btc = { assetId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328/slip44:0', decimals: 8, symbol: 'BTC' }

describe('amountCapProblem', () => {
  it('refuses more than a Solana u64 of atomic units, naming the most', () => {
    expect(amountCapProblem(solanaTusd, parseUnits('18446744073709.551615', 6))).toBeNull()
    expect(amountCapProblem(solanaTusd, parseUnits('1' + '0'.repeat(32), 6))).toBe(
      'is too large: at most 18446744073709.551615 TUSD (a Solana amount is a 64-bit integer of the smallest unit)',
    )
  })

  it('refuses more bitcoin than will ever exist', () => {
    expect(amountCapProblem(btc, parseUnits('21000000', 8))).toBeNull()
    expect(amountCapProblem(btc, parseUnits('21000000.00000001', 8))).toBe(
      'is too large: at most 21000000 BTC (no more than 21 million bitcoin will ever exist)',
    )
  })

  it('refuses more than 2^128 of the smallest unit on an EVM chain, without writing out 39 digits', () => {
    expect(amountCapProblem(evmTusd, 2n ** 128n - 1n)).toBeNull()
    expect(amountCapProblem(evmTusd, 2n ** 128n)).toBe(
      'is too large (an EVM amount is at most 2^128 of the smallest unit, far above any coin or token in use)',
    )
  })

  it('is the create-link check, on the option amount', () => {
    const result = createLinkBodySchemaFor([solanaTusd]).safeParse({
      title: 'x',
      options: [{ asset: solanaTusd.assetId, amount: '1' + '0'.repeat(32) }],
    })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message.slice(0, 12)])).toEqual([
      ['options.0.amount', 'is too large'],
    ])
  })
})
