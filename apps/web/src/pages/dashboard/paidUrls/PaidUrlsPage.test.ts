import type { Asset, Health } from '@paylink/shared'
import { describe, expect, it } from 'vitest'
import { gasSentences, x402Assets } from './PaidUrlsPage.js'

const network = (caipNetworkId: string, name: string, symbol: string) => ({
  caipNetworkId,
  name,
  nativeCurrency: { name, symbol, decimals: 18 },
  blockExplorerUrl: null,
  testnet: true,
  confirmations: 1,
})
const networks = [network('eip155:31337', 'Paylink Devnet', 'ETH'), network('solana:dev', 'Solana Devnet', 'SOL')]

describe('gasSentences', () => {
  it('says each balance; a low one says what to send where and the threshold; nothing without the facilitator', () => {
    const health: Health = {
      ok: true,
      db: true,
      chains: [],
      x402Gas: {
        address: '0xgas',
        threshold: '0.5',
        networks: [{ caipNetworkId: 'eip155:31337', balance: '0.2', low: true }],
        solana: {
          address: 'FeePayer',
          threshold: '0.01',
          networks: [{ caipNetworkId: 'solana:dev', balance: null, low: false }],
        },
      },
    }
    expect(gasSentences(health, networks as never)).toEqual([
      'Paylink Devnet: 0.2 ETH, under 0.5. Send ETH to 0xgas or x402 payments there stop settling.',
      'Solana Devnet: the balance cannot be read right now.',
    ])
    expect(gasSentences({ ok: true, db: true, chains: [] }, networks as never)).toEqual([])
  })
})

describe('x402Assets', () => {
  it('keeps the tokens on networks the facilitator settles, EIP-3009 ones on EVM, no native coin', () => {
    const asset = (assetId: string, extra: Partial<Asset> = {}) =>
      ({ assetId, caipNetworkId: assetId.split('/')[0], native: false, ...extra }) as Asset
    const tusd = asset('eip155:31337/erc20:0x1', { eip712: { name: 'Test USD', version: '1' } })
    const plain = asset('eip155:31337/erc20:0x2')
    const eth = asset('eip155:31337/slip44:60', { native: true })
    const spl = asset('solana:dev/token:Mint')
    const elsewhere = asset('eip155:1/erc20:0x3', { eip712: { name: 'USD Coin', version: '2' } })
    expect(x402Assets([tusd, plain, eth, spl, elsewhere], ['eip155:31337', 'solana:dev'])).toEqual([tusd, spl])
  })
})
