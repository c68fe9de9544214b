import { bitcoinAddressProblem } from './bitcoinAddressProblem.js'

const extendedPublicKey = /^[xtzv]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/
const descriptor = /^(wpkh|tr)\(.+\)(#[a-z0-9]{8})?$/

/**
 * A Bitcoin link recipient is an address (its bech32 checksum and, given the link's network, its
 * prefix checked here), or a watch-only key each link derives a fresh address from (the server
 * parses the key fully: its base58 checksum, its network, never a private key).
 */
export function bitcoinRecipientProblem(recipient: string, caipNetworkId?: string): string | null {
  if (extendedPublicKey.test(recipient) || descriptor.test(recipient)) return null
  const problem = bitcoinAddressProblem(recipient, caipNetworkId)
  return problem === 'must be a Bitcoin address (bc1…, tb1…, bcrt1…)'
    ? 'must be a Bitcoin address, an extended public key (xpub, tpub, zpub, vpub) or a wpkh()/tr() descriptor'
    : problem
}
