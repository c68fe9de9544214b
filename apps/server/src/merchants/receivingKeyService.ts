import { chainFamilies, type ReceivingKeyRules } from '@paylink/chains/server'
import type { Network, ReceivingKey } from '@paylink/shared'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { derivationCounters, merchantChainKeys } from '../db/schema.js'
import type { Merchant } from './merchant.js'

/** The chain families a receiving key can be saved for (the route's schema names them). */
export type ReceivingKeyNamespace = ReceivingKey['namespace']

/**
 * A merchant's watch-only key on a chain family (`merchant_chain_keys`): saved in the family's
 * canonical form after the family checks it (never private material), shown with the index and
 * address the next link gets. Replacing or removing it never resets a counter: an address once
 * given out is not given again, even if the same key comes back.
 */
export async function readReceivingKey(
  db: Db,
  merchant: Merchant,
  namespace: ReceivingKeyNamespace,
  networks: readonly Network[],
): Promise<ReceivingKey | null> {
  const [row] = await db
    .select()
    .from(merchantChainKeys)
    .where(and(eq(merchantChainKeys.merchant, merchant.id), eq(merchantChainKeys.namespace, namespace)))
  if (!row) return null
  const key = rulesOf(namespace).read(row.key)
  const [counter] = await db
    .select({ nextIndex: derivationCounters.nextIndex })
    .from(derivationCounters)
    .where(eq(derivationCounters.key, key.counterKey))
  const nextIndex = counter?.nextIndex ?? 0
  return {
    namespace,
    key: row.key,
    script: key.script,
    networkKind: key.networkKind,
    nextIndex,
    nextAddresses: key.addressesAt(
      nextIndex,
      networks.map(({ caipNetworkId }) => caipNetworkId),
    ),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Checks `input` (400 naming `field`, SPENDING_KEY_REFUSED for private keys) and saves it over any previous key. */
export async function saveReceivingKey(
  db: Db,
  merchant: Merchant,
  namespace: ReceivingKeyNamespace,
  input: string,
  field: string,
  now = new Date(),
): Promise<void> {
  const key = rulesOf(namespace).canonical(input, field)
  await db
    .insert(merchantChainKeys)
    .values({ merchant: merchant.id, namespace, key, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [merchantChainKeys.merchant, merchantChainKeys.namespace],
      set: { key, updatedAt: now },
    })
}

/** Forgets the saved key (links made with it keep their addresses). */
export async function removeReceivingKey(db: Db, merchant: Merchant, namespace: ReceivingKeyNamespace): Promise<void> {
  await db
    .delete(merchantChainKeys)
    .where(and(eq(merchantChainKeys.merchant, merchant.id), eq(merchantChainKeys.namespace, namespace)))
}

function rulesOf(namespace: ReceivingKeyNamespace): ReceivingKeyRules {
  const rules = chainFamilies.get(namespace)?.receivingKeys
  // The route's schema admits only namespaces whose family takes a key: a miss is a bug, not input.
  if (!rules) throw new Error(`The ${namespace} family takes no receiving key`)
  return rules
}
