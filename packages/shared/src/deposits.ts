import { z } from 'zod'
import { caipAssetIdSchema, caipNetworkIdSchema } from './caip.js'
import { maxAddressLength, maxAmountLength, maxIdLength } from './limits.js'

/** An amount of one asset waiting at deposit addresses (decimal string in the asset's units). */
export const depositBalanceSchema = z.object({
  asset: caipAssetIdSchema,
  symbol: z.string().max(16),
  decimals: z.number().int().min(0).max(36),
  amount: z.string().max(maxAmountLength),
})
export type DepositBalance = z.infer<typeof depositBalanceSchema>

/** One option's deposit address holding something. */
export const waitingDepositSchema = z.object({
  depositAddress: z.string().max(maxAddressLength),
  recipient: z.string().max(maxAddressLength),
  linkId: z.string().max(maxIdLength),
  optionId: z.string().max(maxIdLength),
  balances: z.array(depositBalanceSchema).max(100),
})
export type WaitingDeposit = z.infer<typeof waitingDepositSchema>

export const depositNetworkSchema = z.object({
  caipNetworkId: caipNetworkIdSchema,
  name: z.string().max(64),
  /** The PaylinkDepositFactory a collect transaction is sent to. */
  factory: z.string().max(maxAddressLength),
  /** How many of the merchant's deposit addresses were read (the newest, up to a cap). */
  addressesRead: z.number().int().min(0),
  /** Totals per asset, only those above zero. */
  waiting: z.array(depositBalanceSchema).max(100),
  /** The deposit addresses holding something. */
  deposits: z.array(waitingDepositSchema),
})
export type DepositNetwork = z.infer<typeof depositNetworkSchema>

/** `GET /api/deposits`: per network where links get deposit addresses, what waits there to be collected. */
export const depositsSchema = z.object({ networks: z.array(depositNetworkSchema).max(100) })
export type Deposits = z.infer<typeof depositsSchema>

export const collectDepositsBodySchema = z.object({ caipNetworkId: caipNetworkIdSchema }).strict()
export type CollectDepositsBody = z.infer<typeof collectDepositsBodySchema>

/**
 * `POST /api/deposits/collect`: the unsigned transaction the merchant's own wallet sends (the
 * server never signs): the factory's `collect` for up to a batch of waiting deposit addresses.
 */
export const collectTransactionSchema = z.object({
  caipNetworkId: caipNetworkIdSchema,
  to: z.string().max(maxAddressLength),
  data: z
    .string()
    .max(8192)
    .regex(/^0x[0-9a-f]*$/),
  value: z.literal('0'),
  /** Deposit addresses this transaction collects. */
  deposits: z.number().int().min(0),
  /** Deposit addresses still holding something after it (collect again). */
  remaining: z.number().int().min(0),
})
export type CollectTransaction = z.infer<typeof collectTransactionSchema>
