import { createBase58check } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { TEST_NETWORK, WIF } from '@scure/btc-signer'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bitcoinNetworkOf } from './bitcoinNetworks.js'
import { descriptorChecksum } from './descriptorChecksum.js'
import { deriveBitcoinAddress } from './deriveBitcoinAddress.js'
import { looksLikeWatchOnlyKey, parseWatchOnlyKey } from './parseWatchOnlyKey.js'

const mainnet = bitcoinNetworkOf('bip122:000000000019d6689c085ae165831e93')!
const testnet = bitcoinNetworkOf('bip122:000000000933ea01ad0ee984209779ba')!
const regtest = bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')!

// BIP84's published test vector (mnemonic "abandon ×11 about", account m/84'/0'/0').
const bip84Zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs'
const bip84Receive = ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g']
// BIP86's published test vector (same mnemonic, account m/86'/0'/0').
const bip86Xpub =
  'xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ'
const bip86Receive = [
  'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
  'bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh',
]
// Private material the server must refuse, made from a fixed test seed.
const master = HDKey.fromMasterSeed(new Uint8Array(32).fill(7))
const bip32Xprv = master.privateExtendedKey

const base58check = createBase58check((data) => new Uint8Array(createHash('sha256').update(data).digest()))
/** The same key data under other version bytes (zpub -> xpub/vpub, as SLIP-132 wallets write it). */
function withVersion(key: string, version: number): string {
  const payload = Uint8Array.from(base58check.decode(key))
  new DataView(payload.buffer).setUint32(0, version)
  return base58check.encode(payload)
}
const bip84Xpub = withVersion(bip84Zpub, 0x0488b21e)

describe('descriptorChecksum (BIP380)', () => {
  it("gives the BIP's and Bitcoin Core's published checksums", () => {
    expect(descriptorChecksum('raw(deadbeef)')).toBe('89f8spxm')
    expect(
      descriptorChecksum(
        "pkh([d34db33f/44'/0'/0']xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL/1/*)",
      ),
    ).toBe('ml40v0wf')
  })
  it('is null for a character descriptors never hold', () => {
    expect(descriptorChecksum('raw(deadbeef)é')).toBeNull()
  })
})

describe('parseWatchOnlyKey + deriveBitcoinAddress', () => {
  it("derives BIP84's first receive addresses from its zpub (P2WPKH <key>/0/i)", () => {
    const key = parseWatchOnlyKey(bip84Zpub, 'key')
    expect(key).toMatchObject({
      script: 'wpkh',
      mainnet: true,
      extendedKey: bip84Xpub,
      counterKey: `wpkh(${bip84Xpub}/0/*)`,
    })
    expect([0, 1].map((i) => deriveBitcoinAddress(key, i, mainnet))).toEqual(bip84Receive)
  })

  it('reads a bare xpub as BIP84-style P2WPKH too (same addresses, same counter as its zpub)', () => {
    const key = parseWatchOnlyKey(bip84Xpub, 'key')
    expect(key.counterKey).toBe(parseWatchOnlyKey(bip84Zpub, 'key').counterKey)
    expect(deriveBitcoinAddress(key, 0, mainnet)).toBe(bip84Receive[0])
  })

  it("derives BIP86's first taproot receive addresses from tr(xpub/0/*) (key path, BIP86 tweak)", () => {
    const key = parseWatchOnlyKey(`tr([73c5da0a/86'/0'/0']${bip86Xpub}/0/*)`, 'key')
    expect(key).toMatchObject({ script: 'tr', origin: "73c5da0a/86'/0'/0'", mainnet: true })
    expect([0, 1].map((i) => deriveBitcoinAddress(key, i, mainnet))).toEqual(bip86Receive)
  })

  it('accepts a descriptor with key origin, /<0;1>/* and a right checksum, and stores it canonical with its checksum', () => {
    const body = `wpkh([73c5da0a/84h/0h/0h]${bip84Xpub}/<0;1>/*)`
    const key = parseWatchOnlyKey(`${body}#${descriptorChecksum(body)}`, 'key')
    const canonical = `wpkh([73c5da0a/84'/0'/0']${bip84Xpub}/0/*)`
    expect(key.descriptor).toBe(`${canonical}#${descriptorChecksum(canonical)}`)
    expect(deriveBitcoinAddress(key, 1, mainnet)).toBe(bip84Receive[1])
    // What is stored reads back as the same key.
    expect(parseWatchOnlyKey(key.descriptor, 'key')).toEqual(key)
  })

  it('derives test-network addresses (tb1, bcrt1) from a vpub or tpub: the same witness program as on mainnet', () => {
    const vpub = withVersion(bip84Zpub, 0x045f1cf6)
    const key = parseWatchOnlyKey(vpub, 'key')
    expect(key.mainnet).toBe(false)
    expect(key.extendedKey.startsWith('tpub')).toBe(true)
    const tb = deriveBitcoinAddress(key, 0, testnet)
    const bcrt = deriveBitcoinAddress(key, 0, regtest)
    expect(tb.startsWith('tb1q')).toBe(true)
    expect(bcrt.startsWith('bcrt1q')).toBe(true)
    // bech32: the data part (program + checksum) differs by prefix only in the checksum.
    expect(tb.slice(3, -6)).toBe(bip84Receive[0]!.slice(3, -6))
    expect(parseWatchOnlyKey(`wpkh(${key.extendedKey}/0/*)`, 'key').counterKey).toBe(key.counterKey)
  })

  it('refuses private keys with a message that no spending key is accepted', () => {
    const tprv = withVersion(bip32Xprv, 0x04358394)
    const wif = WIF().encode(master.privateKey!)
    const testnetWif = WIF(TEST_NETWORK).encode(master.privateKey!)
    for (const input of [
      bip32Xprv,
      tprv,
      wif,
      testnetWif,
      `wpkh(${bip32Xprv}/0/*)`,
      `tr([00000000/86h/0h/0h]${tprv}/0/*)`,
      'xprvMistyped1111111111111111111111',
    ]) {
      expect(() => parseWatchOnlyKey(input, 'body.key'), input.slice(0, 12)).toThrow(
        expect.objectContaining({
          code: 'SPENDING_KEY_REFUSED',
          message: expect.stringMatching(/^body\.key: .*no spending key is ever accepted/),
        }),
      )
      expect(looksLikeWatchOnlyKey(input)).toBe(true)
    }
  })

  it('refuses a wrong checksum, a typo in the key, unsupported scripts and suffixes, naming the field', () => {
    const body = `wpkh(${bip84Xpub}/0/*)`
    const checksum = descriptorChecksum(body)!
    const wrong = `${checksum.slice(0, 7)}${checksum.endsWith('q') ? 'p' : 'q'}`
    const cases: Array<[string, RegExp]> = [
      [`${body}#${wrong}`, /checksum/],
      [`${body}#abc`, /checksum/],
      [`${bip84Xpub.slice(0, -1)}${bip84Xpub.endsWith('a') ? 'b' : 'a'}`, /base58 checksum/],
      [`pkh(${bip84Xpub}/0/*)`, /wpkh\(KEY\/0\/\*\) or tr/],
      [`wpkh(${bip84Xpub}/1/*)`, /wpkh\(KEY\/0\/\*\) or tr/],
      [`wpkh(${bip84Xpub})`, /wpkh\(KEY\/0\/\*\) or tr/],
      [`wpkh(${bip84Zpub}/0/*)`, /xpub or tpub/],
      [withVersion(bip84Zpub, 0x049d7cb2), /ypub\/upub/],
    ]
    for (const [input, message] of cases) {
      expect(() => parseWatchOnlyKey(input, 'body.key'), input).toThrow(
        expect.objectContaining({ code: 'INVALID_REQUEST', message: expect.stringMatching(message) }),
      )
      expect(() => parseWatchOnlyKey(input, 'body.key')).toThrow(/^body\.key/)
    }
  })

  it('tells keys from plain addresses', () => {
    expect(looksLikeWatchOnlyKey(bip84Zpub)).toBe(true)
    expect(looksLikeWatchOnlyKey('wpkh(x)')).toBe(true)
    expect(looksLikeWatchOnlyKey(bip84Receive[0]!)).toBe(false)
    expect(looksLikeWatchOnlyKey(bip86Receive[0]!)).toBe(false)
    expect(looksLikeWatchOnlyKey('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe(false)
  })
})
