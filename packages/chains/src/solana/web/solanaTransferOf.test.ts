import { describe, expect, it } from 'vitest'
import type { PayChoice } from '../../webContract.js'
import { solanaRequestOf, solanaTransferOf } from './solanaTransferOf.js'

const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const MINT = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU'
const RECIPIENT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const REFERENCE = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny'
const network = {
  caipNetworkId: SOLANA,
  name: 'Solana Devnet',
  rpcUrl: 'http://127.0.0.1:1/devnet/solana/rpc',
  blockExplorerUrl: null,
  testnet: true,
  confirmations: 1,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
}
const sol = {
  assetId: `${SOLANA}/slip44:501`,
  caipNetworkId: SOLANA,
  symbol: 'SOL',
  name: 'Solana',
  decimals: 9,
  native: true,
}
const tusd = {
  assetId: `${SOLANA}/token:${MINT}`,
  caipNetworkId: SOLANA,
  symbol: 'TUSD',
  name: 'Test USD',
  decimals: 6,
  native: false,
}
/**
 * The checkout's choice of an option, with what is still due of it in base units; the option as
 * the web face sees it (the contract's ChainLinkOption: recipient, deposit address, payment URI).
 */
const choice = (asset: typeof sol, due: bigint, paymentUri: string | null): PayChoice => ({
  network,
  asset,
  due,
  option: { recipient: RECIPIENT, depositAddress: null, paymentUri },
})

describe('solanaTransferOf', () => {
  it('an SPL option: what is still due in base units, to the recipient, the mint and decimals, and the Solana Pay reference', () => {
    const uri = `solana:${RECIPIENT}?amount=12.5&spl-token=${MINT}&reference=${REFERENCE}&label=Shop&message=Order%201`
    const ctx = choice(tusd, 10_000_000n, uri) // 12.5 TUSD, 2.5 paid
    expect(solanaRequestOf(solanaTransferOf(ctx, 'PayerPayerPayerPayerPayerPayerPayerPayer111'))).toEqual({
      rpcUrl: network.rpcUrl,
      from: 'PayerPayerPayerPayerPayerPayerPayerPayer111',
      to: RECIPIENT,
      amount: 10_000_000n,
      token: { mint: MINT, decimals: 6 },
      references: [REFERENCE],
    })
  })

  it('a SOL option: lamports, no token; every reference of the URL is kept', () => {
    const second = '7BgBvyjrZX1YKz4oh9mjb8ZScatkkwb8DzFx7LoiVkM3'
    const ctx = choice(sol, 250_000_000n, `solana:${RECIPIENT}?amount=0.25&reference=${REFERENCE}&reference=${second}`)
    expect(solanaRequestOf(solanaTransferOf(ctx, 'p'))).toMatchObject({
      amount: 250_000_000n,
      token: undefined,
      references: [REFERENCE, second],
    })
  })

  it('no Solana Pay URL: no reference (the signature posted to the server is then the only trace)', () => {
    expect(solanaTransferOf(choice(sol, 1n, null), 'p').references).toEqual([])
    expect(solanaTransferOf(choice(sol, 1n, 'ethereum:0xabc@1?value=1'), 'p').references).toEqual([])
  })
})
