import { createPublicClient, http, type PublicClient } from 'viem'
import { verifySiweMessage } from 'viem/siwe'
import { ChainReadError } from '../../serverFace/errors.js'

export interface VerifyEip155SignatureParameters {
  /** The EIP-4361 text exactly as signed. */
  message: string
  address: string
  signature: string
  /** The network's JSON-RPC endpoint: ERC-1271 and ERC-6492 signatures are checked by an eth_call there. */
  rpcUrl: string
  /** Expiration / not-before are judged at this time (already checked by the caller; viem checks again). */
  time: Date
}

const clients = new Map<string, PublicClient>()

/**
 * viem's verifySiweMessage over the network's RPC: an EOA signature (ecrecover), a deployed
 * smart account (ERC-1271 isValidSignature) or a counterfactual one (ERC-6492 wrapper), all
 * through one eth_call to the universal validator. Throws ChainReadError only when the RPC
 * gives no usable answer; an invalid signature is `false`.
 */
export async function verifyEip155Signature({
  message,
  address,
  signature,
  rpcUrl,
  time,
}: VerifyEip155SignatureParameters): Promise<boolean> {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signature) || !/^0x[0-9a-fA-F]{40}$/.test(address)) return false
  let client = clients.get(rpcUrl)
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) })
    clients.set(rpcUrl, client)
  }
  try {
    return await verifySiweMessage(client, {
      message,
      address: address as `0x${string}`,
      signature: signature as `0x${string}`,
      time,
    })
  } catch (cause) {
    throw new ChainReadError('The network could not check the signature.', { cause, details: rpcUrl })
  }
}
