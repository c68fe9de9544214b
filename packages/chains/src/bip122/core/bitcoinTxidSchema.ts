import { z } from 'zod'

/** A Bitcoin transaction id: 32 bytes in hex, as explorers and Esplora write it. */
export const bitcoinTxidSchema = z
  .string()
  .length(64)
  .regex(/^[0-9a-fA-F]{64}$/, 'must be a 64-character hex transaction id')
