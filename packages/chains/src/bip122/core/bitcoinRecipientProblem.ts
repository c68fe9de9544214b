import { bitcoinAddressSchema } from './bitcoinAddressSchema.js'

const extendedPublicKey = /^[xtzv]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/
const descriptor = /^(wpkh|tr)\(.+\)(#[a-z0-9]{8})?$/

/** A Bitcoin link recipient is an address, or a watch-only key each link derives a fresh address from. */
export function bitcoinRecipientProblem(recipient: string): string | null {
  return bitcoinAddressSchema.safeParse(recipient).success ||
    extendedPublicKey.test(recipient) ||
    descriptor.test(recipient)
    ? null
    : 'must be a Bitcoin address, an extended public key (xpub, tpub, zpub, vpub) or a wpkh()/tr() descriptor'
}
