import { chainFactsOf } from '@paylink/chains/facts'
import type { LinkOption } from './links.js'
import { shortHex } from './linkText.js'

type AddressFacts = Pick<LinkOption, 'caipNetworkId' | 'recipient' | 'depositAddress' | 'paymentUri'>

/**
 * The address a payer may copy for an option: one that a plain transfer (amount and address typed
 * into any wallet) pays and the server watches for. Null when there is none:
 * - no payment URI: the server could not attribute a payment made without connecting;
 * - the URI carries a reference (Solana Pay): the server tells payments apart by it, and a
 *   copied address loses it, so such a transfer pays no option;
 * - a watch-only key without its derived address: a key is no address to send to.
 * Read from the option alone (no chain library), so the checkout's first paint (the server's
 * HTML and the page) can ask.
 */
export function receivingAddressOf(option: AddressFacts): string | null {
  if (!option.paymentUri || uriNeedsReference(option.paymentUri)) return null
  return paidAddressOf(option)
}

/**
 * The address an option's payments reach, as a receipt names it: its own deposit address, else
 * the recipient; on a family whose recipient is a watch-only key, only the derived address.
 */
export function paidAddressOf(
  option: Pick<LinkOption, 'caipNetworkId' | 'recipient' | 'depositAddress'>,
): string | null {
  if (option.depositAddress) return option.depositAddress
  return chainFactsOf(option.caipNetworkId)?.watchOnlyKeys ? null : option.recipient
}

/** A payment URI whose `reference` parameter the payment must carry (Solana Pay transfer requests). */
export function uriNeedsReference(uri: string): boolean {
  const query = uri.indexOf('?')
  return query >= 0 && new URLSearchParams(uri.slice(query + 1)).has('reference')
}

export interface CheckoutPayee {
  address: string
  /** The merchant's own address (the option's recipient), not an address of this link's own. */
  merchantOwn: boolean
}

/**
 * The one address every option of the link is paid at by a plain transfer, for the checkout's
 * "Payment to" line and its Copy button; null when options pay different addresses or any of them
 * has no copyable one (the payer then picks an option under Scan to pay).
 */
export function checkoutPayee(link: { options: readonly AddressFacts[] }): CheckoutPayee | null {
  const addresses = link.options.map(receivingAddressOf)
  const [first] = addresses
  if (!first || addresses.some((a) => a !== first)) return null
  return { address: first, merchantOwn: link.options.some((o) => o.recipient === first) }
}

/**
 * Whom a link pays, as its receipt names them: the merchant's display name, else the one address
 * every option's payments reached (the link's own on EVM, the derived one on Bitcoin), else
 * "the merchant"; never the merchant's main address when the options were paid elsewhere.
 */
export function payeeLabel(link: {
  merchant: { displayName: string | null }
  options: readonly Pick<LinkOption, 'caipNetworkId' | 'recipient' | 'depositAddress'>[]
}): string {
  if (link.merchant.displayName) return link.merchant.displayName
  const addresses = new Set(link.options.map(paidAddressOf))
  const [only] = addresses
  return addresses.size === 1 && only ? shortHex(only) : 'the merchant'
}
