import { z } from 'zod'

/** An EVM transaction hash: 0x and 32 bytes in hex. */
export const evmTransactionIdSchema = z
  .string()
  .max(66)
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex transaction hash')
