import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { ConfigError } from '../errors.js'
import { findSettingMismatch, type SharedSettings } from './sharedSettings.js'
import { lockUntilCommit } from '../db/transaction.js'

export interface JoinClusterOptions {
  settings: SharedSettings
  /** A process not seen for this long is taken as dead (default 30 s). */
  staleAfterMs?: number
  /** How often this process says it is alive (default 10 s). */
  heartbeatMs?: number
}

export interface ClusterMembership {
  /** This process's id in the log lines and the server_processes table. */
  processId: string
  /** Removes this process's row; safe to call twice. */
  leave(): Promise<void>
}

/**
 * Registers this process beside the others on the database, refusing to start when a live one
 * runs with other shared settings: the sentence names the setting and both values.
 */
export async function joinCluster(
  db: Db,
  { settings, staleAfterMs = 30_000, heartbeatMs = 10_000 }: JoinClusterOptions,
): Promise<ClusterMembership> {
  const processId = randomUUID()
  await db.transaction(async (tx) => {
    // One joiner at a time, so two processes starting together cannot both miss each other.
    await lockUntilCommit(tx, 'paylink:server_processes')
    await tx.execute(
      sql`delete from server_processes where seen_at < now() - make_interval(secs => ${staleAfterMs / 1000})`,
    )
    // A process of this machine that is gone (kill -9, a crash) is swept at once, not after the
    // heartbeat window: a restart right after it must not be held to its old settings.
    const local = await tx.execute<{ id: string; pid: number }>(
      sql`select id, pid from server_processes where host = ${hostname()}`,
    )
    const gone = local.rows.filter((row) => !isAlive(row.pid)).map((row) => row.id)
    for (const id of gone) await tx.execute(sql`delete from server_processes where id = ${id}`)
    const live = await tx.execute<{ id: string; pid: number; host: string; settings: SharedSettings }>(
      sql`select id, pid, host, settings from server_processes order by started_at limit 1`,
    )
    const other = live.rows[0]
    if (other) {
      const mismatch = findSettingMismatch(settings, other.settings)
      if (mismatch) {
        throw new ConfigError(
          `${mismatch.name} differs from the Paylink process already running on this database ` +
            `(pid ${other.pid} on ${other.host}): it has ${show(mismatch.theirs)}, this one ${show(mismatch.mine)}. ` +
            'Every process on one database must use the same value.',
        )
      }
    }
    await tx.execute(
      sql`insert into server_processes (id, pid, host, settings) values (${processId}, ${process.pid}, ${hostname()}, ${JSON.stringify(settings)}::jsonb)`,
    )
  })

  const heartbeat = setInterval(() => {
    db.execute(sql`update server_processes set seen_at = now() where id = ${processId}`).catch(() => {})
  }, heartbeatMs)
  heartbeat.unref()

  let left: Promise<void> | undefined
  return {
    processId,
    leave: () =>
      (left ??= (async () => {
        clearInterval(heartbeat)
        await db.execute(sql`delete from server_processes where id = ${processId}`)
      })()),
  }
}

function show(value: string | undefined): string {
  return value === undefined ? 'none' : `"${value}"`
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
