import { bigint, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns'

/**
 * What each configured network was the first time a tracker used it (EVM: chain id and the
 * hash of block 0; Solana and Bitcoin: the genesis hash). A later start, or a running
 * tracker, that finds another identity under the same CAIP-2 id halts that network instead
 * of reading the other chain's history as a reorg of ours.
 */
export const chainIdentities = pgTable('chain_identities', {
  caipNetworkId: text('caip_network_id').primaryKey(),
  identity: text('identity').notNull(),
  recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  /** The highest block any tracker has scanned on this chain: a restarted tracker resumes after it (bounded), so nothing paid while none ran is missed. */
  scannedHeight: bigint('scanned_height', { mode: 'bigint' }),
})
