import { z } from 'zod'

/** A Solana transaction signature: 64 bytes in base58 (87 or 88 characters, fewer with leading zeros). */
export const solanaSignatureSchema = z
  .string()
  .min(64)
  .max(88)
  .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, 'must be a base58 transaction signature')
