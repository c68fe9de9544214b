import { z } from 'zod'
import type { ChainAsset, ChainNetwork } from '@paylink/chains/shapes'
import { caipAssetIdSchema, caipNetworkIdSchema } from './caip.js'
import { fiatCurrencyCodes } from './fiat.js'
import { maxAmountLength } from './limits.js'

export const nativeCurrencySchema = z.object({
  name: z.string().min(1).max(64),
  symbol: z.string().min(1).max(16),
  decimals: z.number().int().min(0).max(36),
})

/** One network the app works with, as `GET /api/config` describes it. */
export const networkSchema = z.object({
  caipNetworkId: caipNetworkIdSchema,
  name: z.string().min(1).max(64),
  nativeCurrency: nativeCurrencySchema,
  rpcUrl: z.url().max(2048),
  /**
   * The server's own endpoints for this network in order of preference (a paid provider, then a
   * public one, …): each tried in turn by health, with retries. Never sent to browsers, which get
   * `rpcUrl`. A PAYLINK_CONFIG entry may give only this list: `rpcUrl` is then its first.
   */
  rpcUrls: z.array(z.url().max(2048)).min(1).max(8).optional(),
  /** The RPC's websocket (Solana subscriptions), when it is not the one derived from rpcUrl. */
  wsUrl: z.url().max(2048).optional(),
  blockExplorerUrl: z.url().max(2048).nullable(),
  testnet: z.boolean(),
  confirmations: z.number().int().min(0).max(1000),
  /**
   * EVM: the Paylink deposit factory is deployed on this chain (at PAYLINK_DEPOSIT_FACTORY_ADDRESS,
   * see apps/server/README.md), so each option gets its own deposit address and a scan-to-pay URI.
   */
  depositFactory: z.boolean().optional(),
}) satisfies z.ZodType<ChainNetwork>
export type Network = z.infer<typeof networkSchema>

/** The endpoints the server reads a network through: `rpcUrls` when given, else `rpcUrl` alone. */
export function serverRpcUrls(network: Pick<Network, 'rpcUrl' | 'rpcUrls'>): string[] {
  return network.rpcUrls?.length ? [...new Set(network.rpcUrls)] : [network.rpcUrl]
}

/** A configured network given `rpcUrls` and no `rpcUrl`: its `rpcUrl` (what browsers get) is the list's first. */
export function withRpcUrlFromList(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || 'rpcUrl' in input) return input
  const urls = (input as { rpcUrls?: unknown }).rpcUrls
  return Array.isArray(urls) && typeof urls[0] === 'string' ? { ...input, rpcUrl: urls[0] } : input
}

const originRelativePathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, 'an origin-relative path such as /devnet/rpc/31337')

/**
 * A network as `GET /api/config` hands it to the browser: the server's own endpoints (the devnet's
 * RPC proxy) are origin-relative paths (`/devnet/rpc/31337`), which the web app resolves against
 * the page's origin, so the app works at whichever address it was opened.
 */
export const publicNetworkSchema = networkSchema.omit({ rpcUrls: true }).extend({
  rpcUrl: z.union([z.url().max(2048), originRelativePathSchema]),
  /** Origin-relative (`/devnet/solana/ws`): the web app makes it ws(s)://<page host>/... */
  wsUrl: z.union([z.url().max(2048), originRelativePathSchema]).optional(),
})

/** One asset a link can ask for: the native coin or a token on a configured network. */
export const assetSchema = z.object({
  assetId: caipAssetIdSchema,
  caipNetworkId: caipNetworkIdSchema,
  symbol: z.string().min(1).max(16),
  name: z.string().min(1).max(64),
  decimals: z.number().int().min(0).max(36),
  native: z.boolean(),
  /** The ticker rate sources know it by (default: symbol), e.g. "ETH" for a wrapped or bridged ether. */
  rateSymbol: z
    .string()
    .min(1)
    .max(16)
    .regex(/^[A-Z0-9]+$/, 'upper-case letters and digits')
    .optional(),
  /** A stablecoin priced 1:1 in this ISO 4217 currency: quoted without asking any rate source. */
  peggedTo: z.enum(fiatCurrencyCodes).optional(),
  /** An EVM token that moves by EIP-3009 signed authorization (x402's exact scheme): its EIP-712 domain's name and version. */
  eip712: z.object({ name: z.string().min(1).max(64), version: z.string().min(1).max(16) }).optional(),
}) satisfies z.ZodType<ChainAsset>
export type Asset = z.infer<typeof assetSchema>

export const publicConfigSchema = z.object({
  projectId: z.string().max(64).nullable(),
  demo: z.boolean(),
  networks: z.array(publicNetworkSchema),
  assets: z.array(assetSchema),
  /** The operator set SMTP_URL: the checkout offers to email the payer's receipt. */
  receiptEmail: z.boolean(),
})
export type PublicConfig = z.infer<typeof publicConfigSchema>

const x402GasKeySchema = z.object({
  address: z.string().max(128),
  /** Under this balance, in the coin, a network is `low` (X402_LOW_GAS_EVM / X402_LOW_GAS_SOLANA, 0.01 by default). */
  threshold: z.string().max(100),
  networks: z.array(
    z.object({
      caipNetworkId: z.string().max(200),
      /** In the chain's coin (decimal); null when its RPC did not answer. */
      balance: z.string().max(100).nullable(),
      low: z.boolean(),
    }),
  ),
})
export type X402GasKey = z.infer<typeof x402GasKeySchema>
/** The x402 facilitator's gas keys (`GET /api/x402/gas`, and `x402Gas` in the health report). */
export const x402GasSchema = x402GasKeySchema.extend({
  /** The Solana fee payer, when one is configured: SOL on each Solana network. */
  solana: x402GasKeySchema.optional(),
})
export type X402Gas = z.infer<typeof x402GasSchema>

export const healthSchema = z.object({
  ok: z.boolean(),
  db: z.boolean(),
  /** The x402 gas keys, when the facilitator runs (absent too when their RPCs were too slow). */
  x402Gas: x402GasSchema.optional(),
  /** head: the latest block height as a decimal string, null when the RPC did not answer. */
  /** halted (with a sentence in reason): the tracker stopped following the network, its chain is not the recorded one. */
  chains: z.array(
    z.object({
      caipNetworkId: caipNetworkIdSchema,
      head: z.string().max(maxAmountLength).nullable(),
      halted: z.boolean().optional(),
      reason: z.string().max(1000).optional(),
      /**
       * The payment tracker's view (absent where no tracker follows the network): ok; degraded, its
       * last read failed (an error, a timeout, a rate limit) and it retries; down, nothing read for
       * 30 s or halted. The endpoint's origin, the last error, how many blocks the tracker's scan is
       * behind the head it last read, and since when the status holds.
       */
      status: z.enum(['ok', 'degraded', 'down']).optional(),
      endpoint: z.string().max(2048).optional(),
      lastError: z
        .object({ message: z.string().max(1000), at: z.iso.datetime().max(40) })
        .nullable()
        .optional(),
      lagBlocks: z.string().max(maxAmountLength).nullable().optional(),
      since: z.iso.datetime().max(40).optional(),
    }),
  ),
})
export type Health = z.infer<typeof healthSchema>
