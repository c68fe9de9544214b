import { randomBytes } from 'node:crypto'
import { base58 } from '@scure/base'
import { RequestValidationError, ValidationError } from '../../serverFace/errors.js'
import type { PrepareOptionParameters, PreparedOption } from '../../serverFace/chainFamily.js'
import { decodeSolanaPublicKey } from './solanaPublicKey.js'

/**
 * A Solana option: the recipient a base58 public key (default: the merchant's, when it signed
 * in with a Solana account), the token an SPL mint (kept as is: base58 is case-sensitive), and
 * a fresh random Solana Pay `reference` of its own, which the payer's transaction carries and
 * by which the tracker finds the payment with no submission.
 */
export async function prepareSolanaOption(
  { tokenReference, recipient, merchant }: PrepareOptionParameters,
  field: string,
): Promise<PreparedOption> {
  const chosen = recipient ?? (merchant.namespace === 'solana' ? merchant.address : undefined)
  if (!chosen || !decodeSolanaPublicKey(chosen)) {
    throw new RequestValidationError(
      chosen
        ? `${field}.recipient: must be a base58 Solana address (32 bytes)`
        : `${field}.recipient: is required (the signed-in account is not a Solana address)`,
    )
  }
  if (tokenReference !== null && !decodeSolanaPublicKey(tokenReference)) {
    throw new ValidationError(
      'UNSUPPORTED_ASSET',
      `${field}.asset: "${tokenReference}" is not an SPL token mint (a base58 public key)`,
    )
  }
  // 32 random bytes are a valid reference whether or not they are on the ed25519 curve (the
  // spec only asks for a public key; no account needs to exist there).
  return {
    recipient: chosen,
    tokenAddress: tokenReference,
    depositAddress: null,
    reference: base58.encode(randomBytes(32)),
  }
}
