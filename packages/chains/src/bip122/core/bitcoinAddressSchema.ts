import { z } from 'zod'

/** A segwit Bitcoin address by shape (bech32 or bech32m, any network); its checksum is not checked here. */
export const bitcoinAddressSchema = z
  .string()
  .regex(/^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$/i, 'must be a Bitcoin address (bc1…, tb1…, bcrt1…)')
