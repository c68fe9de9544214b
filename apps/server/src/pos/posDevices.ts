import { randomBytes } from 'node:crypto'
import type { CreatedPosDevice, PosDevice } from '@paylink/shared'
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm'
import { newId } from '../db/newId.js'
import type { Db } from '../db/openDatabase.js'
import { links, posDevices } from '../db/schema.js'
import {
  ConflictError,
  ForbiddenError,
  LimitError,
  LinkNotFoundError,
  NotFoundError,
  UnauthenticatedError,
} from '../errors.js'
import type { Merchant } from '../merchants/merchant.js'
import { hashSecretToken } from '../hashSecretToken.js'
import { lockUntilCommit } from '../db/transaction.js'

/** Live devices one point of sale may have: a shop's tills and tablets, far below any abuse. */
export const maxPosDevicesPerLink = 50

type PosDeviceRow = typeof posDevices.$inferSelect

function toView(row: PosDeviceRow): PosDevice {
  return {
    id: row.id,
    linkId: row.linkId,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

/** The merchant's point-of-sale link, or 404 (not theirs) / 409 (theirs, but not a point of sale). */
async function ownPosLink(db: Db, merchant: Merchant, linkId: string) {
  const [link] = await db
    .select({ id: links.id, reusable: links.reusable, orderForm: links.orderForm })
    .from(links)
    .where(and(eq(links.id, linkId), eq(links.merchant, merchant.id)))
  if (!link) throw new LinkNotFoundError(linkId, { ofMerchant: true })
  if (!link.reusable || !link.orderForm?.pos)
    throw new ConflictError('NOT_A_POS', 'This link is not a point of sale; create one with "pos": true.')
  return link
}

/** A new device link for one point of sale: the token is in the answer only, its hash in the database. */
export async function createPosDevice(
  db: Db,
  merchant: Merchant,
  linkId: string,
  label: string | undefined,
  now = new Date(),
): Promise<CreatedPosDevice> {
  await ownPosLink(db, merchant, linkId)
  const token = randomBytes(32).toString('base64url')
  const row = await db.transaction(async (tx) => {
    // One creation per link at a time, so two requests cannot both pass the cap.
    await lockUntilCommit(tx, `pos:${linkId}`)
    const live = await tx.$count(posDevices, and(eq(posDevices.linkId, linkId), isNull(posDevices.revokedAt)))
    if (live >= maxPosDevicesPerLink)
      throw new LimitError(
        'TOO_MANY_POS_DEVICES',
        `This point of sale has ${maxPosDevicesPerLink} connected devices, the most it may have; disconnect one first.`,
      )
    const [inserted] = await tx
      .insert(posDevices)
      .values({
        id: newId('pos'),
        linkId,
        merchant: merchant.id,
        label: label ?? `Device ${live + 1}`,
        tokenHash: hashSecretToken(token),
        createdAt: now,
      })
      .returning()
    return inserted!
  })
  return { ...toView(row), token, path: `/pos/${encodeURIComponent(linkId)}#t=${token}` }
}

export async function listPosDevices(db: Db, merchant: Merchant, linkId: string): Promise<PosDevice[]> {
  await ownPosLink(db, merchant, linkId)
  const rows = await db
    .select()
    .from(posDevices)
    .where(eq(posDevices.linkId, linkId))
    .orderBy(desc(posDevices.createdAt))
    .limit(500)
  return rows.map(toView)
}

/** Disconnects a device: its next request is refused. Revoking it again changes nothing. */
export async function revokePosDevice(
  db: Db,
  merchant: Merchant,
  linkId: string,
  deviceId: string,
  now = new Date(),
): Promise<PosDevice> {
  const where = and(eq(posDevices.id, deviceId), eq(posDevices.linkId, linkId), eq(posDevices.merchant, merchant.id))
  const [revoked] = await db
    .update(posDevices)
    .set({ revokedAt: now })
    .where(and(where, isNull(posDevices.revokedAt)))
    .returning()
  if (revoked) return toView(revoked)
  const [already] = await db.select().from(posDevices).where(where)
  if (!already) throw new NotFoundError('POS_DEVICE_NOT_FOUND', `No device ${deviceId} on this point of sale of yours.`)
  return toView(already)
}

/**
 * The device a token opens for `linkId`: refused with 401 when the token is missing, unknown or
 * made for another point of sale, 403 once the merchant disconnected it. Marks the device used
 * (at most once a minute, so a polling screen does not write on every read).
 */
export async function deviceOfToken(
  db: Db,
  linkId: string,
  token: string | undefined,
  now = new Date(),
): Promise<PosDevice> {
  if (!token)
    throw new UnauthenticatedError('POS_TOKEN_MISSING', 'Open this point of sale with the device link from the shop.')
  const [row] = await db
    .select()
    .from(posDevices)
    .where(eq(posDevices.tokenHash, hashSecretToken(token)))
  if (!row || row.linkId !== linkId)
    throw new UnauthenticatedError('INVALID_POS_TOKEN', 'This device link is not valid for this point of sale.')
  if (row.revokedAt) throw new ForbiddenError('POS_DEVICE_REVOKED', 'This device was disconnected by the shop.')
  if (!row.lastUsedAt || row.lastUsedAt.getTime() < now.getTime() - 60_000)
    await db
      .update(posDevices)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(posDevices.id, row.id),
          or(isNull(posDevices.lastUsedAt), lt(posDevices.lastUsedAt, new Date(now.getTime() - 60_000))),
        ),
      )
  return toView(row)
}
