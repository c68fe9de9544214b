import type { Network, ReceivingKey } from '@paylink/shared'
import { and, eq } from 'drizzle-orm'
import { bitcoinNetworkOf, deriveBitcoinAddress, parseWatchOnlyKey } from '@paylink/chains/bip122/server'
import type { Db } from '../db/openDatabase.js'
import { derivationCounters, merchantChainKeys } from '../db/schema.js'
import type { Merchant } from './merchant.js'

/**
 * A merchant's Bitcoin watch-only key (`merchant_chain_keys`, namespace bip122): saved as a
 * canonical descriptor after it is checked (never private material), shown with the index and
 * address the next link gets. Replacing or removing it never resets a counter: an address once
 * given out is not given again, even if the same key comes back.
 */
export async function readReceivingKey(
  db: Db,
  merchant: Merchant,
  networks: readonly Network[],
): Promise<ReceivingKey | null> {
  const [row] = await db
    .select()
    .from(merchantChainKeys)
    .where(and(eq(merchantChainKeys.merchant, merchant.id), eq(merchantChainKeys.namespace, 'bip122')))
  if (!row) return null
  const key = parseWatchOnlyKey(row.key, 'key')
  const [counter] = await db
    .select({ nextIndex: derivationCounters.nextIndex })
    .from(derivationCounters)
    .where(eq(derivationCounters.key, key.counterKey))
  const nextIndex = counter?.nextIndex ?? 0
  const nextAddresses = networks.flatMap(({ caipNetworkId }) => {
    const network = bitcoinNetworkOf(caipNetworkId)
    return network && network.mainnet === key.mainnet
      ? [{ caipNetworkId, address: deriveBitcoinAddress(key, nextIndex, network) }]
      : []
  })
  return {
    namespace: 'bip122',
    key: row.key,
    script: key.script,
    networkKind: key.mainnet ? 'mainnet' : 'test',
    nextIndex,
    nextAddresses,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Checks `input` (400 naming `field`, SPENDING_KEY_REFUSED for private keys) and saves it over any previous key. */
export async function saveReceivingKey(
  db: Db,
  merchant: Merchant,
  input: string,
  field: string,
  now = new Date(),
): Promise<void> {
  const key = parseWatchOnlyKey(input, field)
  await db
    .insert(merchantChainKeys)
    .values({ merchant: merchant.id, namespace: 'bip122', key: key.descriptor, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [merchantChainKeys.merchant, merchantChainKeys.namespace],
      set: { key: key.descriptor, updatedAt: now },
    })
}

/** Forgets the saved key (links made with it keep their addresses). */
export async function removeReceivingKey(db: Db, merchant: Merchant): Promise<void> {
  await db
    .delete(merchantChainKeys)
    .where(and(eq(merchantChainKeys.merchant, merchant.id), eq(merchantChainKeys.namespace, 'bip122')))
}
