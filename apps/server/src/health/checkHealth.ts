import type { Health, Network, X402Gas } from '@paylink/shared'
import { sql } from 'drizzle-orm'
import { readHead as defaultReadHead, type ReadHeadOptions, withTimeout } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'
import type { NetworkHealth } from '../payments/paymentTracker.js'

export interface CheckHealthParameters {
  networks: ReadonlyArray<Pick<Network, 'caipNetworkId' | 'rpcUrl'>>
  /** Per check; the whole report takes about this long at worst (checks run in parallel). */
  timeoutMs: number
  readHead?: (network: Pick<Network, 'caipNetworkId' | 'rpcUrl'>, options: ReadHeadOptions) => Promise<bigint>
  /** The payment tracker's view of each network: a halted one is reported with its reason. */
  trackerStatus?: (caipNetworkId: string) => { halted: false } | { halted: true; reason: string }
  /** How well the tracker follows each network (null where it does not). */
  trackerHealth?: (caipNetworkId: string) => NetworkHealth | null
  /** The x402 gas keys' balances, when the facilitator runs (undefined when it does not). */
  x402Gas?: () => Promise<X402Gas> | undefined
}

/**
 * The database answers `select 1`, and each network's latest height (null when its RPC
 * fails or is slow). `ok` follows the database only: a dead RPC degrades one chain,
 * it does not make this process unfit to serve.
 */
export async function checkHealth(
  db: Db,
  { networks, timeoutMs, readHead = defaultReadHead, trackerStatus, trackerHealth, x402Gas }: CheckHealthParameters,
): Promise<Health> {
  const gas = x402Gas?.()
  const [dbOk, x402GasNow, chains] = await Promise.all([
    withTimeout(db.execute(sql`select 1`), timeoutMs).then(
      () => true,
      () => false,
    ),
    // A gas RPC that does not answer in time leaves the balances out, like a chain's head.
    gas && withTimeout(gas, timeoutMs).catch(() => undefined),
    Promise.all(
      networks.map(async (network) => ({
        caipNetworkId: network.caipNetworkId,
        head: await readHead(network, { timeoutMs }).then(
          (head) => head.toString(),
          () => null,
        ),
        ...haltOf(trackerStatus?.(network.caipNetworkId)),
        ...healthOf(trackerHealth?.(network.caipNetworkId) ?? null),
      })),
    ),
  ])
  return { ok: dbOk, db: dbOk, ...(x402GasNow ? { x402Gas: x402GasNow } : {}), chains }
}

function healthOf(health: NetworkHealth | null) {
  if (!health) return {}
  return {
    status: health.state,
    endpoint: health.endpoint,
    lastError: health.lastError && { message: health.lastError.message, at: health.lastError.at.toISOString() },
    lagBlocks: health.lagBlocks?.toString() ?? null,
    since: health.since.toISOString(),
  }
}

function haltOf(status: { halted: false } | { halted: true; reason: string } | undefined) {
  return status?.halted ? { halted: true, reason: status.reason } : {}
}
