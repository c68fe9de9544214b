import { bech32, bech32m } from '@scure/base'
import { addressTypoMessage } from '../../addressTypo.js'
import { bitcoinAddressPrefixes } from './bitcoinAddressPrefixes.js'
import { bitcoinAddressSchema } from './bitcoinAddressSchema.js'

const shapeMessage = 'must be a Bitcoin address (bc1…, tb1…, bcrt1…)'

/**
 * Why `text` is not a segwit address a payment can go to (on the network of `caipNetworkId` when
 * given), or null. The checksum is bech32's for witness version 0 and bech32m's for later
 * versions (BIP-350: the other one is a typo too), and the program has the length its version
 * allows (BIP-141: 20 or 32 bytes for version 0; BIP-341: 2 to 40 bytes later).
 */
export function bitcoinAddressProblem(text: string, caipNetworkId?: string): string | null {
  if (!bitcoinAddressSchema.safeParse(text).success) return shapeMessage
  // BIP-173: all-uppercase is the same address (QR codes use it); mixed case is not an address.
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return addressTypoMessage
  const address = text.toLowerCase() as `${string}1${string}`
  const asBech32 = bech32.decodeUnsafe(address, 90)
  const decoded = asBech32 ?? bech32m.decodeUnsafe(address, 90)
  if (!decoded || decoded.words.length === 0) return addressTypoMessage
  const version = decoded.words[0]!
  if ((version === 0) !== (asBech32 !== undefined)) return addressTypoMessage
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1))
  const lengthFits =
    program !== undefined &&
    version <= 16 &&
    (version === 0 ? program.length === 20 || program.length === 32 : program.length >= 2 && program.length <= 40)
  if (!lengthFits) return 'is not a segwit address (its witness program has the wrong length)'
  const network = caipNetworkId?.startsWith('bip122:')
    ? bitcoinAddressPrefixes.get(caipNetworkId.slice('bip122:'.length).toLowerCase())
    : undefined
  if (network && decoded.prefix !== network.prefix) {
    return `is an address of another network (${decoded.prefix}1…), not of Bitcoin ${network.name} (${network.prefix}1…)`
  }
  return null
}
