import { beforeEach, describe, expect, it } from 'vitest'
import { rememberedPayments, rememberPayment } from './rememberedPayments.js'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) }
}

describe('rememberedPayments', () => {
  let localStorage: ReturnType<typeof memoryStorage>
  beforeEach(() => {
    localStorage = memoryStorage()
  })

  it('keeps each (network, hash) once, per link', () => {
    rememberPayment('lnk_a', { caipNetworkId: 'eip155:31337', txHash: hash(1) }, localStorage)
    rememberPayment(
      'lnk_a',
      { caipNetworkId: 'eip155:31337', txHash: hash(1).toUpperCase().replace('0X', '0x') },
      localStorage,
    )
    rememberPayment('lnk_a', { caipNetworkId: 'eip155:31338', txHash: hash(1) }, localStorage)
    rememberPayment('lnk_b', { caipNetworkId: 'eip155:31337', txHash: hash(2) }, localStorage)
    expect(rememberedPayments('lnk_a', localStorage)).toHaveLength(2)
    expect(rememberedPayments('lnk_b', localStorage)).toEqual([{ caipNetworkId: 'eip155:31337', txHash: hash(2) }])
  })

  it('ignores what is not a list of hashes (someone edited the storage)', () => {
    localStorage.setItem('paylink:payments:lnk_a', '{"not":"a list"}')
    expect(rememberedPayments('lnk_a', localStorage)).toEqual([])
    localStorage.setItem(
      'paylink:payments:lnk_a',
      JSON.stringify([
        { caipNetworkId: 'eip155:1', txHash: 'nope' },
        { caipNetworkId: 'eip155:1', txHash: hash(3) },
      ]),
    )
    expect(rememberedPayments('lnk_a', localStorage)).toEqual([{ caipNetworkId: 'eip155:1', txHash: hash(3) }])
    localStorage.setItem('paylink:payments:lnk_a', '{broken')
    expect(rememberedPayments('lnk_a', localStorage)).toEqual([])
  })

  it('keeps Solana signatures and Bitcoin txids, each checked in its own format', () => {
    const solana = { caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', txHash: '5'.repeat(87) }
    const bitcoin = { caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', txHash: 'ab'.repeat(32) }
    rememberPayment('lnk_a', solana, localStorage)
    rememberPayment('lnk_a', bitcoin, localStorage)
    rememberPayment('lnk_a', { caipNetworkId: bitcoin.caipNetworkId, txHash: hash(4) }, localStorage)
    rememberPayment('lnk_a', { caipNetworkId: solana.caipNetworkId, txHash: '0OIl'.repeat(22) }, localStorage)
    expect(rememberedPayments('lnk_a', localStorage)).toEqual([solana, bitcoin])
  })
})
