import type { SiwxMessageFields } from './parseSiwxMessage.js'
import { verifyBip122Signature } from './verifyBip122Signature.js'
import { verifyEip155Signature } from './verifyEip155Signature.js'
import { verifySolanaSignature } from './verifySolanaSignature.js'

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
  switch (fields.namespace) {
    case 'eip155':
      return verifyEip155Signature({ message, address, signature, rpcUrl, time })
    case 'solana':
      return verifySolanaSignature({ message, address, signature })
    case 'bip122':
      return verifyBip122Signature({ message, address, signature, chainId })
  }
}
