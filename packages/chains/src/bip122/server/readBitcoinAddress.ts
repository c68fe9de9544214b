import { Address } from '@scure/btc-signer'
import type { BitcoinNetwork } from './bitcoinNetworks.js'

/** A Bitcoin address valid on `network`, as stored and compared (bech32 lowercase, base58 as is), or null. */
export function readBitcoinAddress(text: string, network: BitcoinNetwork): string | null {
  const trimmed = text.trim()
  const address = /^(bc|tb|bcrt)1/i.test(trimmed) ? trimmed.toLowerCase() : trimmed
  try {
    Address(network.parameters).decode(address)
    return address
  } catch {
    return null
  }
}
