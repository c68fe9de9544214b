import { bip322MessageHash, purposeOf, signBip137, signBip322, type BitcoinAccountKeys } from './bitcoinAccount.js'
import { objectOf, RPC, RpcFailure } from './satsConnectRpc.js'

/**
 * sats-connect's `signMessage { address, message, protocol? }` for one of the account's two
 * addresses: BIP-322 simple by default and always for the P2TR ordinals address; 'ECDSA' for the
 * payment address gives a BIP-137 signature. Both the Dev Wallet and the E2E test wallet answer so.
 */
export function answerSignMessage(p: unknown, keys: BitcoinAccountKeys) {
  const { address, message, protocol } = objectOf(p)
  if (typeof address !== 'string' || typeof message !== 'string')
    throw new RpcFailure(RPC.INVALID_PARAMS, 'address and message are required')
  if (protocol !== undefined && protocol !== 'BIP322' && protocol !== 'ECDSA')
    throw new RpcFailure(RPC.INVALID_PARAMS, `Unknown protocol ${JSON.stringify(protocol)}`)
  const which = purposeOf(keys, address)
  if (!which) throw new RpcFailure(RPC.INVALID_PARAMS, `Address ${address} does not belong to this wallet`)
  const ecdsa = protocol === 'ECDSA' && which === 'payment'
  return {
    signature: ecdsa ? signBip137(message, keys) : signBip322(message, keys, which),
    messageHash: bip322MessageHash(message),
    address,
    protocol: ecdsa ? 'ECDSA' : 'BIP322',
  }
}
