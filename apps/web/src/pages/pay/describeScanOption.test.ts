import { describe, expect, it } from 'vitest'
import { englishText } from '../../i18n/testing/englishText.js'
import { describeScanOption as describeScanOptionIn } from './describeScanOption.js'
import { checkoutConfig as config, DEPOSIT, RECIPIENT, TOKEN, tokenOption } from './testing/checkoutFixtures.js'

const describeScanOption = (
  ...args: [Parameters<typeof describeScanOptionIn>[0], Parameters<typeof describeScanOptionIn>[1]]
) => describeScanOptionIn(...args, englishText)
const token = tokenOption({ id: 'opt_1' })

describe('describeScanOption', () => {
  it('reads an ERC-20 option: deposit address, exact and grouped amount, network by name, which token', () => {
    const facts = describeScanOption(token, config)
    expect(facts).toEqual({
      paymentUri: token.paymentUri,
      address: DEPOSIT,
      amount: '1234.5',
      amountDisplay: '1,234.5',
      symbol: 'TUSD',
      networkName: 'Paylink Devnet',
      tokenAddress: TOKEN,
      networkWarning: 'Send on Paylink Devnet only.',
      assetWarning: 'Send TUSD (token 0x5FbD…0aa3) only.',
      uriMatchesDue: true,
    })
  })

  it('reads a native option: no token, the coin named as the network own', () => {
    const facts = describeScanOption(
      {
        ...token,
        id: 'opt_2',
        asset: 'eip155:31337/slip44:60',
        symbol: 'ETH',
        decimals: 18,
        amount: '0.004',
        paymentUri: `ethereum:${DEPOSIT}@31337?value=4000000000000000`,
      },
      config,
    )
    expect(facts?.tokenAddress).toBeNull()
    expect(facts?.assetWarning).toBe("Send ETH, the network's own coin, not a token.")
    expect(facts?.amount).toBe('0.004')
  })

  it('pays the recipient itself when the option has no deposit address and its URI needs nothing more', () => {
    const plain = { ...token, depositAddress: null, paymentUri: `ethereum:${RECIPIENT}@31337?value=1` }
    expect(describeScanOption(plain, config)?.address).toBe(RECIPIENT)
  })

  it('offers no address to copy for a Solana Pay option: a copied address loses the reference', () => {
    const solana = {
      ...token,
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      asset: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/slip44:501',
      depositAddress: null,
      recipient: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      paymentUri:
        'solana:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM?amount=1&reference=11111111111111111111111111111111',
    }
    const facts = describeScanOption(solana, config)
    expect(facts?.paymentUri).toBe(solana.paymentUri)
    expect(facts?.address).toBeNull()
  })

  it('offers nothing for an option without a payment URI', () => {
    expect(describeScanOption({ ...token, paymentUri: null }, config)).toBeNull()
  })

  it('asks for what is still due after a partial payment, and says the URI no longer matches it', () => {
    const facts = describeScanOption({ ...token, paid: '1000' }, config)
    expect(facts?.amount).toBe('234.5')
    expect(facts?.uriMatchesDue).toBe(false)
  })

  it('names an unknown network by its CAIP id rather than not at all', () => {
    const facts = describeScanOption({ ...token, caipNetworkId: 'eip155:1', asset: `eip155:1/erc20:${TOKEN}` }, config)
    expect(facts?.networkName).toBe('eip155:1')
    expect(facts?.tokenAddress).toBe(TOKEN)
  })
})
