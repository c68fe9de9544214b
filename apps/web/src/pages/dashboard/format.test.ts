import { describe, expect, it } from 'vitest'
import { shortHex } from '@paylink/shared'
import { explorerUrl } from '../../lib/explorerUrl.js'
import { assetLabel, formatAmount, formatConfirmations, formatRelative } from './format.js'

describe('dashboard formatters', () => {
  it('writes amounts for people: grouped, at most 6 decimals, cut (not rounded) and marked', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.5')
    expect(formatAmount('9999.999912490173429597')).toBe('9,999.999912…')
    expect(formatAmount('0.000000001')).toBe('0.000000…')
    expect(formatAmount('12')).toBe('12')
    expect(formatAmount('12.100000000')).toBe('12.1')
    expect(formatAmount('50005')).toBe('50,005')
  })
  it('says confirmed once a payment has enough confirmations, else n of N', () => {
    expect(formatConfirmations(2, 1)).toBe('confirmed')
    expect(formatConfirmations(1, 1)).toBe('confirmed')
    expect(formatConfirmations(1, 3)).toBe('1 of 3')
  })
  it('names an asset by its name and its network', () => {
    const networks = [{ caipNetworkId: 'eip155:31337', name: 'Paylink Devnet' }]
    expect(assetLabel({ name: 'Test USD', caipNetworkId: 'eip155:31337' }, networks)).toBe('Test USD on Paylink Devnet')
    expect(assetLabel({ name: 'Ether', caipNetworkId: 'eip155:1' }, networks)).toBe('Ether on eip155:1')
  })
  it('links a transaction only when the network has an explorer', () => {
    expect(explorerUrl({ blockExplorerUrl: 'https://sepolia.etherscan.io/' }, 'tx', '0xabc')).toBe(
      'https://sepolia.etherscan.io/tx/0xabc',
    )
    expect(explorerUrl({ blockExplorerUrl: null }, 'tx', '0xabc')).toBeNull()
  })
  it('shortens long hex and leaves short values alone', () => {
    expect(shortHex('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(shortHex('0x1234')).toBe('0x1234')
  })
  it('says how far a time is, both ways', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(formatRelative('2026-01-01T23:30:00Z', now)).toBe('in 23 h')
    expect(formatRelative('2026-01-08T00:00:00Z', now)).toBe('in 7 d')
    expect(formatRelative('2025-12-31T23:57:00Z', now)).toBe('3 min ago')
    expect(formatRelative('2026-01-01T00:00:20Z', now)).toBe('in 20 s')
  })
})
