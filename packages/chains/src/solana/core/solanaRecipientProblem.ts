import { solanaAddressSchema } from './solanaAddressSchema.js'

/** A Solana link recipient is a wallet address (the token account is derived from it). */
export function solanaRecipientProblem(recipient: string): string | null {
  return solanaAddressSchema.safeParse(recipient).success ? null : 'must be a Solana address (a base58 public key)'
}
