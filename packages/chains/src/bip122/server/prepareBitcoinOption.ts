import { RequestValidationError, ValidationError } from '../../serverFace/errors.js'
import type { PrepareOptionParameters, PreparedOption } from '../../serverFace/chainFamily.js'
import { bitcoinNetworkOf } from './bitcoinNetworks.js'
import { deriveBitcoinAddress } from './deriveBitcoinAddress.js'
import { looksLikeWatchOnlyKey, parseWatchOnlyKey } from './parseWatchOnlyKey.js'
import { readBitcoinAddress } from './readBitcoinAddress.js'

/** Told to the API caller who gives a plain address: nothing tells two payments to it apart. */
export const plainAddressWarning =
  'a plain Bitcoin address: payments to it cannot be told apart from other payments to the same address, so they are credited only when the checkout submits their transaction. Save a watch-only key to get a fresh address per link'

/**
 * A Bitcoin option (BTC only): the recipient is a watch-only key (the caller's extended key or
 * descriptor, else the merchant's saved one), from which the option gets the next never-used
 * receive address `<key>/0/<index>`; or a plain address, accepted with a warning. Refused: a
 * token, a key for another network, and any private key.
 */
export async function prepareBitcoinOption(
  { caipNetworkId, tokenReference, recipient, savedKey, allocateIndex }: PrepareOptionParameters,
  field: string,
): Promise<PreparedOption> {
  const network = bitcoinNetworkOf(caipNetworkId)
  if (!network)
    throw new ValidationError(
      'UNSUPPORTED_ASSET',
      `${field}.asset: ${caipNetworkId} is not a Bitcoin network this server knows`,
    )
  if (tokenReference !== null)
    throw new ValidationError(
      'UNSUPPORTED_ASSET',
      `${field}.asset: only BTC itself is accepted on ${caipNetworkId} (no tokens)`,
    )

  if (recipient !== undefined && !looksLikeWatchOnlyKey(recipient)) {
    const address = readBitcoinAddress(recipient, network)
    if (!address) {
      throw new RequestValidationError(
        `${field}.recipient: must be a Bitcoin ${network.name} address (${network.parameters.bech32}1…), an extended public key or a wpkh()/tr() descriptor`,
      )
    }
    return {
      recipient: address,
      tokenAddress: null,
      depositAddress: null,
      reference: null,
      warning: plainAddressWarning,
    }
  }

  const given = recipient ?? savedKey
  if (given === null) {
    throw new RequestValidationError(
      `${field}.recipient: save a watch-only key first on the Settings page (Bitcoin receiving key), or give an extended public key or descriptor as the recipient`,
    )
  }
  const keyField = recipient === undefined ? `${field}.recipient (the saved watch-only key)` : `${field}.recipient`
  const key = parseWatchOnlyKey(given, keyField)
  if (key.mainnet !== network.mainnet) {
    throw new RequestValidationError(
      `${keyField}: is a ${key.mainnet ? 'mainnet (xpub/zpub)' : 'test network (tpub/vpub)'} key, but ${caipNetworkId} is Bitcoin ${network.name}`,
    )
  }
  const index = await allocateIndex(key.counterKey)
  return {
    recipient: key.descriptor,
    tokenAddress: null,
    depositAddress: deriveBitcoinAddress(key, index, network),
    reference: null,
  }
}
