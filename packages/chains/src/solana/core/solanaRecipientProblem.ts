import { address, isAddress, isOffCurveAddress } from '@solana/kit'

/** Said of a 32-byte key off the ed25519 curve where a wallet (an owner) must be named. */
export const solanaOffCurveMessage =
  'This is not a wallet address: it is off the ed25519 curve (a token account or program address), so payments to it would be lost'

/**
 * A Solana link recipient is a wallet address: the owner the payment's token account is derived
 * from, so it must be a point on the ed25519 curve. Base58 has no checksum, but a mistyped key is
 * off the curve about half the time, and an off-curve one (a token account, a program-derived
 * address) pasted as the owner would send Test USD to an account no wallet controls. Addresses
 * that are legitimately off the curve (mints, Solana Pay references, deposit accounts) are not
 * recipients and are checked by shape elsewhere.
 */
export function solanaRecipientProblem(recipient: string): string | null {
  if (!isAddress(recipient)) return 'must be a Solana address (a base58 public key)'
  return isOffCurveAddress(address(recipient)) ? solanaOffCurveMessage : null
}
