import { timestamp } from 'drizzle-orm/pg-core'

/** `created_at timestamptz not null default now()`, as every table writes it. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
