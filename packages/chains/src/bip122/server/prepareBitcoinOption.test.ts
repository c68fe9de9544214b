import { HDKey } from '@scure/bip32'
import { describe, expect, it } from 'vitest'
import type { PrepareOptionParameters } from '../../serverFace/chainFamily.js'
import { bitcoinPaymentUri } from '../core/bitcoinPaymentUri.js'
import { plainAddressWarning, prepareBitcoinOption } from './prepareBitcoinOption.js'

const mainnet = 'bip122:000000000019d6689c085ae165831e93'
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
// BIP84's published account key and its first receive addresses.
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs'
const receive = ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g']

function parameters(overrides: Partial<PrepareOptionParameters> = {}) {
  const counters = new Map<string, number>()
  const allocated: string[] = []
  const base: PrepareOptionParameters = {
    caipNetworkId: mainnet,
    tokenReference: null,
    recipient: undefined,
    merchant: { id: 'mer_1', namespace: 'bip122', address: 'bc1qsignin' },
    optionId: 'opt_1',
    savedKey: null,
    allocateIndex: async (key) => {
      allocated.push(key)
      const next = counters.get(key) ?? 0
      counters.set(key, next + 1)
      return next
    },
    ...overrides,
  }
  return { base, allocated }
}

describe('prepareBitcoinOption', () => {
  it("derives a fresh address per option from the merchant's saved key, never the same twice", async () => {
    const { base, allocated } = parameters({ savedKey: zpub })
    const first = await prepareBitcoinOption(base, 'body.options[0]')
    const second = await prepareBitcoinOption(base, 'body.options[1]')
    expect(first).toMatchObject({ tokenAddress: null, reference: null, depositAddress: receive[0] })
    expect(first.recipient).toMatch(/^wpkh\(xpub[1-9A-HJ-NP-Za-km-z]+\/0\/\*\)#[a-z0-9]{8}$/)
    expect(first.warning).toBeUndefined()
    expect(second.depositAddress).toBe(receive[1])
    expect(allocated).toEqual([allocated[0], allocated[0]])
  })

  it('takes an extended key or descriptor given as recipient (one key per store) over the saved one', async () => {
    const { base } = parameters({ savedKey: null, recipient: ` ${zpub} ` })
    expect(await prepareBitcoinOption(base, 'body.options[0]')).toMatchObject({ depositAddress: receive[0] })
  })

  it('accepts a plain address of the network with a warning; the option then has no deposit address', async () => {
    const { base, allocated } = parameters({ recipient: receive[0]!.toUpperCase() })
    expect(await prepareBitcoinOption(base, 'body.options[0]')).toEqual({
      recipient: receive[0],
      tokenAddress: null,
      depositAddress: null,
      reference: null,
      warning: plainAddressWarning,
    })
    expect(allocated).toEqual([])
  })

  it('refuses, naming the field: no key saved, an address of another network, a key of another network, a token, a private key', async () => {
    const field = 'body.options[2]'
    const refusals: Array<[Partial<PrepareOptionParameters>, RegExp]> = [
      [{}, /^body\.options\[2\]\.recipient: save a watch-only key first/],
      [
        { recipient: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' },
        /^body\.options\[2\]\.recipient: must be a Bitcoin mainnet address \(bc1…\)/,
      ],
      [
        { caipNetworkId: regtest, savedKey: zpub },
        /recipient \(the saved watch-only key\): is a mainnet \(xpub\/zpub\) key, but bip122:0f91.* is Bitcoin regtest/,
      ],
      [{ tokenReference: 'rune:1', savedKey: zpub }, /^body\.options\[2\]\.asset: only BTC/],
      [
        { caipNetworkId: 'bip122:00000000000000000000000000000000', savedKey: zpub },
        /not a Bitcoin network this server knows/,
      ],
      [
        { recipient: HDKey.fromMasterSeed(new Uint8Array(32).fill(9)).privateExtendedKey },
        /no spending key is ever accepted/,
      ],
    ]
    for (const [overrides, message] of refusals) {
      const { base, allocated } = parameters(overrides)
      await expect(prepareBitcoinOption(base, field), String(message)).rejects.toThrow(message)
      expect(allocated).toEqual([])
    }
  })
})

describe('bitcoinPaymentUri (BIP21)', () => {
  const option = {
    caipNetworkId: mainnet,
    tokenAddress: null,
    recipient: 'wpkh(…)',
    depositAddress: receive[0]!,
    reference: null,
    decimals: 8,
  }
  it('names the derived address, the amount in BTC, and the title and description percent-encoded', () => {
    expect(bitcoinPaymentUri({ ...option, amount: 100_000n, label: 'Tea & cake', message: 'Table 4: 2×' })).toBe(
      `bitcoin:${receive[0]}?amount=0.001&label=Tea%20%26%20cake&message=Table%204%3A%202%C3%97`,
    )
    expect(bitcoinPaymentUri({ ...option, amount: 2_100_000_000_000_000n, label: 'All', message: null })).toBe(
      `bitcoin:${receive[0]}?amount=21000000&label=All`,
    )
  })
  it('is null for an option paid to a plain address (no deposit address) and for tokens', () => {
    expect(bitcoinPaymentUri({ ...option, depositAddress: null, amount: 1n, label: 'x', message: null })).toBeNull()
    expect(bitcoinPaymentUri({ ...option, tokenAddress: 'rune', amount: 1n, label: 'x', message: null })).toBeNull()
  })
})
