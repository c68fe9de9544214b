import { z } from 'zod'

/** A Solana address by shape: a public key in base58 (32 to 44 characters); on the curve or not is not checked here. */
export const solanaAddressSchema = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a Solana address (a base58 public key)')
