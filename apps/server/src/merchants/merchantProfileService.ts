import type { MerchantProfile, PublicMerchant, PutMerchantProfileBody } from '@paylink/shared'
import { createHash } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import type { Queryable } from '../db/transaction.js'
import { links, merchantProfiles } from '../db/schema.js'
import type { Merchant } from './merchant.js'
import { parseLogo } from './parseLogo.js'

/** Where a logo is served: named by its hash, so the URL changes with the image. */
export const logoUrlOf = (sha256: string | null) => (sha256 ? `/api/merchant-logos/${sha256}` : null)

const profileColumns = {
  merchant: merchantProfiles.merchant,
  displayName: merchantProfiles.displayName,
  brandColor: merchantProfiles.brandColor,
  logoContentType: merchantProfiles.logoContentType,
  logoSha256: merchantProfiles.logoSha256,
  logoBytes: merchantProfiles.logo,
  updatedAt: merchantProfiles.updatedAt,
}

const emptyPublic: PublicMerchant = { displayName: null, logoUrl: null, brandColor: null }

/** The merchant's own view of the profile (all nulls before the first save). */
export async function readMerchantProfile(db: Db, merchant: Merchant): Promise<MerchantProfile> {
  const [row] = await db.select(profileColumns).from(merchantProfiles).where(eq(merchantProfiles.merchant, merchant.id))
  if (!row) return { ...emptyPublic, logoContentType: null, logoBytes: null, updatedAt: null }
  return {
    displayName: row.displayName,
    logoUrl: logoUrlOf(row.logoSha256),
    brandColor: row.brandColor,
    logoContentType: row.logoContentType as MerchantProfile['logoContentType'],
    logoBytes: row.logoBytes?.length ?? null,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Saves name and colour; the logo is replaced (checked first: 400 before anything is written), removed (null) or kept (omitted). */
export async function saveMerchantProfile(
  db: Db,
  merchant: Merchant,
  body: PutMerchantProfileBody,
  now = new Date(),
): Promise<MerchantProfile> {
  const logo = body.logo === undefined || body.logo === null ? body.logo : parseLogo(body.logo)
  const logoColumns =
    logo === undefined
      ? {}
      : logo === null
        ? { logo: null, logoContentType: null, logoSha256: null }
        : {
            logo: logo.bytes,
            logoContentType: logo.contentType,
            logoSha256: createHash('sha256').update(logo.bytes).digest('hex'),
          }
  const set = {
    displayName: body.displayName,
    brandColor: body.brandColor?.toLowerCase() ?? null,
    ...logoColumns,
    updatedAt: now,
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(merchantProfiles)
      .values({ merchant: merchant.id, ...set })
      .onConflictDoUpdate({ target: merchantProfiles.merchant, set })
    // The profile is part of every one of the merchant's link views (the view cache holds them
    // by version): bumping the versions makes every process drop and rebuild them, and the
    // open checkouts' event streams send the new name and logo.
    await tx
      .update(links)
      .set({ version: sql`${links.version} + 1` })
      .where(eq(links.merchant, merchant.id))
  })
  return readMerchantProfile(db, merchant)
}

/** What payers see of each merchant id (a merchant without a profile gets nulls). */
export async function readPublicMerchants(
  db: Queryable,
  merchantIds: readonly string[],
): Promise<Map<string, PublicMerchant>> {
  const rows =
    merchantIds.length === 0
      ? []
      : await db
          .select({
            merchant: merchantProfiles.merchant,
            displayName: merchantProfiles.displayName,
            brandColor: merchantProfiles.brandColor,
            logoSha256: merchantProfiles.logoSha256,
          })
          .from(merchantProfiles)
          .where(inArray(merchantProfiles.merchant, [...new Set(merchantIds)]))
  const found = new Map(
    rows.map((r) => [
      r.merchant,
      { displayName: r.displayName, brandColor: r.brandColor, logoUrl: logoUrlOf(r.logoSha256) },
    ]),
  )
  return new Map(merchantIds.map((id) => [id, found.get(id) ?? emptyPublic]))
}

/** A logo's bytes by hash, or null. */
export async function readLogo(db: Db, sha256: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({ bytes: merchantProfiles.logo, contentType: merchantProfiles.logoContentType })
    .from(merchantProfiles)
    .where(eq(merchantProfiles.logoSha256, sha256))
    .limit(1)
  return row?.bytes && row.contentType ? { bytes: row.bytes, contentType: row.contentType } : null
}
