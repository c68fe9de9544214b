import { describe, expect, it } from 'vitest'
import type { PaymentUriParameters } from '../../chainCore.js'
import { solanaPayUri } from './solanaPayUri.js'

const recipient = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN'
const reference = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny'
const base: PaymentUriParameters = {
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  tokenAddress: null,
  recipient,
  depositAddress: null,
  reference,
  amount: 1_000_000_000n,
  decimals: 9,
  label: 'Michael',
  message: 'Thanks for all the fish',
}

describe('solanaPayUri', () => {
  it('writes a SOL transfer request in SOL with the reference, label and message percent-encoded', () => {
    expect(solanaPayUri(base)).toBe(
      `solana:${recipient}?amount=1&reference=${reference}&label=Michael&message=Thanks%20for%20all%20the%20fish`,
    )
  })

  it('writes an SPL transfer request in the token units, no exponent, leading zero', () => {
    const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    expect(
      solanaPayUri({ ...base, tokenAddress: usdc, amount: 10_000n, decimals: 6, label: 'Café & Co', message: null }),
    ).toBe(`solana:${recipient}?amount=0.01&spl-token=${usdc}&reference=${reference}&label=Caf%C3%A9%20%26%20Co`)
    expect(solanaPayUri({ ...base, amount: 1n, decimals: 9 })).toContain('amount=0.000000001&')
  })

  it('gives no URI without a reference: the payment could not be attributed', () => {
    expect(solanaPayUri({ ...base, reference: null })).toBeNull()
  })
})
