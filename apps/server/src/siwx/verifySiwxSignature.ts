import { chainFamilyOf } from '@paylink/chains/server'
import type { SiwxMessageFields } from './parseSiwxMessage.js'

export interface VerifySiwxSignatureParameters {
  fields: SiwxMessageFields
  message: string
  signature: string
  /** The network's RPC (eip155 only: smart accounts are checked on chain). */
  rpcUrl: string
  time: Date
}

/** True when `signature` is the message's address signing `message`, by the namespace's scheme. */
export async function verifySiwxSignature({
  fields,
  message,
  signature,
  rpcUrl,
  time,
}: VerifySiwxSignatureParameters): Promise<boolean> {
  const { address, chainId } = fields
  const family = chainFamilyOf(chainId)
  return family ? family.verifySignature({ message, address, signature, chainId, rpcUrl, time }) : false
}
