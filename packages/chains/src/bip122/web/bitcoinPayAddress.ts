import type { ChainLinkOption } from '../../chainShapes.js'

/**
 * Where a Bitcoin option is paid: the link's own address (derived from the merchant's watch-only
 * key, and the one in the BIP21 URI), else a plain-address recipient. Never an extended key or a
 * descriptor, which no wallet can send to; null then.
 */
export function bitcoinPayAddress(option: ChainLinkOption): string | null {
  if (option.depositAddress) return option.depositAddress
  if (option.paymentUri?.toLowerCase().startsWith('bitcoin:')) {
    const address = option.paymentUri.slice('bitcoin:'.length).split('?')[0]
    if (address) return decodeURIComponent(address)
  }
  return /^(bc1|tb1|bcrt1|[13mn2])[a-zA-HJ-NP-Z0-9]{20,90}$/.test(option.recipient) && !/[()/]/.test(option.recipient)
    ? option.recipient
    : null
}
