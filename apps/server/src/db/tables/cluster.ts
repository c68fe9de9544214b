import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One row per running server process on this database: who it is, the settings that every
 * process must share, and when it last said it was alive. A process deletes its row when it
 * stops; a row not seen for a while is a process that died (kill -9) and is swept.
 */
export const serverProcesses = pgTable('server_processes', {
  id: text('id').primaryKey(),
  pid: integer('pid').notNull(),
  host: text('host').notNull(),
  /** Setting name (as the operator writes it, e.g. WEBHOOK_ALLOW_HTTP) -> canonical value. */
  settings: jsonb('settings').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
})
