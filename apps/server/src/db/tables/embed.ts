import { pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'

/**
 * The shop origins a merchant lets frame its checkout (`/pay/:id?embed=1`, /embed.js): sent as
 * that page's `frame-ancestors`, and the only parents the checkout reports to by postMessage.
 * No row, or an empty list: no page may frame it.
 */
export const merchantEmbedOrigins = pgTable('merchant_embed_origins', {
  merchant: text('merchant').primaryKey(),
  /** Normalised origins (`https://shop.example.com`), as parseEmbedOrigin gives them. */
  origins: text('origins').array().notNull(),
  updatedAt: updatedAt(),
})
