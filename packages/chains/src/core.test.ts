import { describe, expect, it } from 'vitest'
import { chainCoreOf, chainCores, chainLabels, chainNamespaces, normalizeTransactionId, sameAddress } from './core.js'

describe('the core registry', () => {
  it('lists each family once, under its own namespace', () => {
    expect(chainNamespaces).toEqual(['eip155', 'solana', 'bip122'])
    for (const namespace of chainNamespaces) expect(chainCores[namespace].namespace).toBe(namespace)
    expect(chainLabels).toEqual({ eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin' })
  })

  it('finds a family by namespace, CAIP-2 or CAIP-19 id, and no family for an unknown namespace', () => {
    expect(chainCoreOf('eip155')?.namespace).toBe('eip155')
    expect(chainCoreOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.namespace).toBe('solana')
    expect(chainCoreOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328/slip44:0')?.namespace).toBe('bip122')
    expect(chainCoreOf('cosmos:cosmoshub-4')).toBeUndefined()
    expect(chainCoreOf('constructor')).toBeUndefined()
    expect(chainCoreOf('')).toBeUndefined()
  })

  it('stores hex transaction ids lowercase and Solana signatures as given', () => {
    expect(normalizeTransactionId('eip155:1', '0xABC')).toBe('0xabc')
    expect(normalizeTransactionId('bip122:000000000019d6689c085ae165831e93', 'ABC')).toBe('abc')
    expect(normalizeTransactionId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'AbC')).toBe('AbC')
    expect(normalizeTransactionId('cosmos:cosmoshub-4', 'AbC')).toBe('abc')
  })

  it('compares EVM addresses without case and the others exactly', () => {
    const evm = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
    expect(sameAddress('eip155:1', evm, evm.toLowerCase())).toBe(true)
    expect(sameAddress('solana', 'AbC', 'abc')).toBe(false)
    expect(sameAddress('bip122', 'bcrt1qabc', 'bcrt1qabc')).toBe(true)
    expect(sameAddress('cosmos', 'a', 'A')).toBe(false)
  })
})
