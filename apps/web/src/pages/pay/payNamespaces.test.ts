import { describe, expect, it } from 'vitest'
import { payNamespaces } from './payNamespaces.js'

const at = (caipNetworkId: string) => ({ caipNetworkId })

describe('payNamespaces', () => {
  it('lists each namespace once, in the order of the options', () => {
    expect(
      payNamespaces([
        at('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'),
        at('eip155:1'),
        at('eip155:10'),
        at('bip122:000000000019d6689c085ae165831e93'),
        at('solana:x'),
      ]),
    ).toEqual(['solana', 'eip155', 'bip122'])
  })

  it('leaves out a namespace the checkout has no wallet path for', () => {
    expect(payNamespaces([at('cosmos:cosmoshub-4'), at('eip155:31337')])).toEqual(['eip155'])
    expect(payNamespaces([])).toEqual([])
  })
})
