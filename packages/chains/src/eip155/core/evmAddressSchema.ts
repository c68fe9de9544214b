import { z } from 'zod'

/** An EVM address by shape: 0x and 40 hex digits, any case (EIP-55 is not checked here). */
export const evmAddressSchema = z
  .string()
  .max(42)
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
