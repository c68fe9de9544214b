import type { Asset, LinkOption, PublicConfig } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { describeScanOption } from './describeScanOption.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const DEPOSIT = '0x1111111111111111111111111111111111111111'
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const config: Pick<PublicConfig, 'networks' | 'assets'> = {
  networks: [
    {
      caipNetworkId: 'eip155:31337',
      name: 'Paylink Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: '/devnet/rpc/31337',
      blockExplorerUrl: null,
      testnet: true,
      confirmations: 2,
    },
  ],
  assets: [
    {
      assetId: `eip155:31337/erc20:${TOKEN}`,
      caipNetworkId: 'eip155:31337',
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
      native: false,
    },
    {
      assetId: 'eip155:31337/slip44:60',
      caipNetworkId: 'eip155:31337',
      symbol: 'ETH',
      name: 'Ether',
      decimals: 18,
      native: true,
    },
  ] satisfies Asset[],
}

const token: LinkOption = {
  id: 'opt_1',
  asset: `eip155:31337/erc20:${TOKEN}`,
  caipNetworkId: 'eip155:31337',
  symbol: 'TUSD',
  decimals: 6,
  amount: '1234.5',
  recipient: RECIPIENT,
  depositAddress: DEPOSIT,
  paymentUri: `ethereum:${TOKEN}@31337/transfer?address=${DEPOSIT}&uint256=1234500000`,
  paid: '0',
  confirming: '0',
  overpaid: '0',
  late: '0',
  shortfall: '0',
  due: null,
  rate: null,
  rateSource: null,
  quoteExpiresAt: null,
  quoteProblem: null,
}

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

  it('pays the recipient itself when the option has no deposit address (a Solana Pay reference, say)', () => {
    expect(describeScanOption({ ...token, depositAddress: null }, config)?.address).toBe(RECIPIENT)
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
