import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { siwxNonces } from '../db/schema.js'

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** 24 characters of 62: ~143 bits, alphanumeric as EIP-4361 requires (at least 8). */
const nonceLength = 24
export const nonceTtlSeconds = 600

export interface CreateNonceReturnType {
  nonce: string
  expiresAt: Date
}

/** Issues a single-use nonce, valid for 10 minutes (by the database's clock). */
export async function createNonce(db: Db): Promise<CreateNonceReturnType> {
  let nonce = ''
  for (let i = 0; i < nonceLength; i++) nonce += alphabet[randomInt(alphabet.length)]
  const [row] = await db
    .insert(siwxNonces)
    .values({ nonce, expiresAt: sql`now() + make_interval(secs => ${nonceTtlSeconds})` })
    .returning({ expiresAt: siwxNonces.expiresAt })
  return { nonce, expiresAt: row!.expiresAt }
}
