import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { RequestValidationError, ValidationError } from '../../serverFace/errors.js'
import type { PrepareOptionParameters } from '../../serverFace/chainFamily.js'
import { prepareSolanaOption } from './prepareSolanaOption.js'

const merchantKey = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN'
const usdc = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

function parameters(overrides: Partial<PrepareOptionParameters> = {}): PrepareOptionParameters {
  return {
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    tokenReference: null,
    recipient: undefined,
    merchant: { id: 'mer_1', namespace: 'solana', address: merchantKey },
    optionId: 'opt_1',
    savedKey: null,
    allocateIndex: async () => 0,
    ...overrides,
  }
}

describe('prepareSolanaOption', () => {
  it("defaults to the Solana merchant's address, keeps the mint as is, and gives each option its own 32-byte reference", async () => {
    const first = await prepareSolanaOption(parameters({ tokenReference: usdc }), 'body.options[0]')
    const second = await prepareSolanaOption(parameters({ tokenReference: usdc }), 'body.options[1]')
    expect(first).toMatchObject({ recipient: merchantKey, tokenAddress: usdc, depositAddress: null })
    expect(base58.decode(first.reference!)).toHaveLength(32)
    expect(second.reference).not.toBe(first.reference)
  })

  it('takes a given recipient; SOL has no token address', async () => {
    const recipient = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    expect(await prepareSolanaOption(parameters({ recipient }), 'f')).toMatchObject({ recipient, tokenAddress: null })
  })

  it('refuses a recipient that is not a base58 32-byte key, naming the field', async () => {
    for (const recipient of [
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2k0',
      '1111',
      `${merchantKey}1`,
    ]) {
      await expect(prepareSolanaOption(parameters({ recipient }), 'body.options[0]'), recipient).rejects.toThrow(
        RequestValidationError,
      )
      await expect(prepareSolanaOption(parameters({ recipient }), 'body.options[0]')).rejects.toThrow(
        /^body\.options\[0\]\.recipient: must be a base58 Solana address/,
      )
    }
  })

  it('requires a recipient when the merchant signed in with another chain', async () => {
    const merchant = { id: 'mer_1', namespace: 'eip155', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
    await expect(prepareSolanaOption(parameters({ merchant }), 'body.options[0]')).rejects.toThrow(
      /body\.options\[0\]\.recipient: is required/,
    )
  })

  it('refuses a mint that is not a public key', async () => {
    const refused = prepareSolanaOption(
      parameters({ tokenReference: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }),
      'body.options[0]',
    )
    await expect(refused).rejects.toThrow(ValidationError)
    await expect(refused).rejects.toThrow(/body\.options\[0\]\.asset: .* is not an SPL token mint/)
  })
})
