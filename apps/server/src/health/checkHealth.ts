import type { Health, Network } from '@paylink/shared'
import { sql } from 'drizzle-orm'
import { readHead as defaultReadHead, type ReadHeadOptions, withTimeout } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'

export interface CheckHealthParameters {
  db: Db
  networks: ReadonlyArray<Pick<Network, 'caipNetworkId' | 'rpcUrl'>>
  /** Per check; the whole report takes about this long at worst (checks run in parallel). */
  timeoutMs: number
  readHead?: (network: Pick<Network, 'caipNetworkId' | 'rpcUrl'>, options: ReadHeadOptions) => Promise<bigint>
  /** The payment tracker's view of each network: a halted one is reported with its reason. */
  trackerStatus?: (caipNetworkId: string) => { halted: false } | { halted: true; reason: string }
}

/**
 * The database answers `select 1`, and each network's latest height (null when its RPC
 * fails or is slow). `ok` follows the database only: a dead RPC degrades one chain,
 * it does not make this process unfit to serve.
 */
export async function checkHealth({
  db,
  networks,
  timeoutMs,
  readHead = defaultReadHead,
  trackerStatus,
}: CheckHealthParameters): Promise<Health> {
  const [dbOk, chains] = await Promise.all([
    withTimeout(db.execute(sql`select 1`), timeoutMs).then(
      () => true,
      () => false,
    ),
    Promise.all(
      networks.map(async (network) => ({
        caipNetworkId: network.caipNetworkId,
        head: await readHead(network, { timeoutMs }).then(
          (head) => head.toString(),
          () => null,
        ),
        ...haltOf(trackerStatus?.(network.caipNetworkId)),
      })),
    ),
  ])
  return { ok: dbOk, db: dbOk, chains }
}

function haltOf(status: { halted: false } | { halted: true; reason: string } | undefined) {
  return status?.halted ? { halted: true, reason: status.reason } : {}
}
