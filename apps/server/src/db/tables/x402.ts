import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, idColumn, merchantColumn, networkColumn, txHashColumn, amountColumn } from './columns'

/**
 * A payment settled through Paylink's x402 facilitator (x402/): the merchant's, though no link
 * asked for it. Rows are written once the transfer is mined and never change.
 */
export const x402Payments = pgTable(
  'x402_payments',
  {
    id: idColumn(),
    /** The merchant whose API key asked for the settlement (`eip155:0xAbC…`). */
    merchant: merchantColumn(),
    caipNetworkId: networkColumn(),
    /** CAIP-19 of the token paid. */
    assetId: text('asset_id').notNull(),
    scheme: text('scheme').notNull(),
    /** The configured asset's symbol and decimals when it was paid (the books show units, not atomic amounts). */
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    /** Atomic units. */
    amount: amountColumn().notNull(),
    payer: text('payer').notNull(),
    payTo: text('pay_to').notNull(),
    /**
     * What makes one payment one, ever (lowercase hex): the EIP-3009 authorization's bytes32 nonce,
     * or the SHA-256 of a Solana transaction's message.
     */
    authorizationNonce: text('authorization_nonce').notNull(),
    /** Lowercase hex on EVM; a Solana signature as it is (base58). */
    txHash: txHashColumn(),
    resourceUrl: text('resource_url'),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('x402_payments_authorization_uq').on(t.caipNetworkId, t.assetId, t.payer, t.authorizationNonce),
    index('x402_payments_merchant_idx').on(t.merchant, t.createdAt),
  ],
)

/**
 * A paid URL (x402/paidUrlRoutes.ts): Paylink serves it at /x402/r/<id> as an x402 resource
 * server, paying `payTo`, and answers a paid request with `targetUrl`'s response or `content`.
 */
export const x402Resources = pgTable(
  'x402_resources',
  {
    id: idColumn(),
    merchant: merchantColumn(),
    title: text('title').notNull(),
    description: text('description'),
    caipNetworkId: networkColumn(),
    /** CAIP-19 of the configured token it is priced in. */
    assetId: text('asset_id').notNull(),
    /** Atomic units. */
    amount: amountColumn().notNull(),
    payTo: text('pay_to').notNull(),
    /** Fetched on each paid request (one of targetUrl and content is set). */
    targetUrl: text('target_url'),
    contentType: text('content_type'),
    content: text('content'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('x402_resources_merchant_idx').on(t.merchant, t.createdAt)],
)
