import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz, idColumn } from './columns'

/**
 * One row per running server process on this database: who it is, the settings that every
 * process must share, and when it last said it was alive. A process deletes its row when it
 * stops; a row not seen for a while is a process that died (kill -9) and is swept.
 */
export const serverProcesses = pgTable('server_processes', {
  id: idColumn(),
  pid: integer('pid').notNull(),
  host: text('host').notNull(),
  /** Setting name (as the operator writes it, e.g. WEBHOOK_ALLOW_HTTP) -> canonical value. */
  settings: jsonb('settings').notNull(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  seenAt: timestamptz('seen_at').notNull().defaultNow(),
})
