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
    rememberPayment('lnk_a', { caipNetworkId: 'eip155:31337', txHash: hash(1).toUpperCase().replace('0X', '0x') }, localStorage)
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
})
