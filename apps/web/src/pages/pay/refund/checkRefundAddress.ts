import { normalizeRefundAddress } from '@paylink/shared'
import { bech32, bech32m } from '@scure/base'
import { m } from '../../../i18n/useT.js'

const mainnet = 'bip122:000000000019d6689c085ae165831e93'
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** The bech32 prefix of a Bitcoin network's SegWit and Taproot addresses (testnet3, testnet4 and signet share `tb1`). */
export function bech32PrefixOf(caipNetworkId: string): string {
  return caipNetworkId === mainnet ? 'bc1' : caipNetworkId === regtest ? 'bcrt1' : 'tb1'
}

/** What is wrong with the typed address, as a message of the payer's language and its values. */
export type RefundAddressProblem =
  | { id: 'refund.problem.empty' }
  | { id: 'refund.problem.otherNetwork'; values: { prefix: string } }
  | { id: 'refund.problem.checksum' }

export type CheckRefundAddressReturnType = { ok: true; address: string } | { ok: false; problem: RefundAddressProblem }

/**
 * What the refund page can tell before asking the server: the address is a SegWit or Taproot
 * address of the payment's network, as it will be signed and stored (lowercase). The server
 * decodes it for real; this only keeps the payer from signing a statement that is bound to fail.
 */
export function checkRefundAddress(text: string, caipNetworkId: string): CheckRefundAddressReturnType {
  const address = normalizeRefundAddress(text)
  const prefix = bech32PrefixOf(caipNetworkId)
  if (address === '') return { ok: false, problem: { id: m('refund.problem.empty') } }
  if (!address.startsWith(prefix) || (prefix === 'bc1' && address.startsWith('bcrt1')))
    return { ok: false, problem: { id: m('refund.problem.otherNetwork'), values: { prefix } } }
  if (!hasChecksum(address)) return { ok: false, problem: { id: m('refund.problem.checksum') } }
  return { ok: true, address }
}

/** Version 0 (SegWit) addresses carry a bech32 checksum, version 1 and up (Taproot) a bech32m one (BIP-350). */
function hasChecksum(address: string): boolean {
  for (const coder of [bech32, bech32m]) {
    try {
      const { words } = coder.decode(address as `${string}1${string}`, 90)
      const version = words[0]
      if (version === undefined || version > 16) continue
      if ((version === 0) === (coder === bech32)) return true
    } catch {
      // not this encoding
    }
  }
  return false
}
