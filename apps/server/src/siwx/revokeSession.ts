import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { sessions } from '../db/schema.js'

/** Marks the session revoked (kept for the record; its token no longer works). */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}
