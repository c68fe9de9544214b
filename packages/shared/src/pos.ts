import { z } from 'zod'
import { maxIdLength, maxTimestampLength } from './limits.js'
import { isDecimalString } from '@paylink/chains/money'
import { linkSchema } from './links.js'

/**
 * Point of sale (`/pos/:id`): a shop device sells from one point-of-sale link with a device
 * token the merchant made for it. The token is shown once, inside the device link; the server
 * keeps its hash only.
 */

/** A device token: 32 random bytes in base64url (43 characters). */
export const posTokenSchema = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a device token')

/** The header a shop device sends its token in (never in the URL, which servers and proxies log). */
export const posTokenHeader = 'x-pos-token'

export const posDeviceSchema = z.object({
  id: z.string().max(maxIdLength),
  linkId: z.string().max(maxIdLength),
  label: z.string().max(80),
  createdAt: z.string().max(maxTimestampLength),
  /** The last sale or status read the device made; null before its first. */
  lastUsedAt: z.string().max(maxTimestampLength).nullable(),
  /** Set once the merchant disconnected the device: its token is refused from then on. */
  revokedAt: z.string().max(maxTimestampLength).nullable(),
})
export type PosDevice = z.infer<typeof posDeviceSchema>

export const posDeviceListSchema = z.object({ devices: z.array(posDeviceSchema).max(500) })
export type PosDeviceList = z.infer<typeof posDeviceListSchema>

/** `POST /api/links/:id/pos-devices` (the merchant): a name to tell the shop's devices apart. */
export const createPosDeviceBodySchema = z.strictObject({
  label: z.string().trim().min(1).max(80).optional(),
})
export type CreatePosDeviceBody = z.infer<typeof createPosDeviceBodySchema>

/** The new device with its token, shown this once: `path` is the device link to open on the shop device. */
export const createdPosDeviceSchema = posDeviceSchema.extend({
  token: posTokenSchema,
  /** `/pos/<link id>#t=<token>`: the fragment never reaches a server or a log. */
  path: z.string().max(300),
})
export type CreatedPosDevice = z.infer<typeof createdPosDeviceSchema>

export const posDeviceParamsSchema = z.strictObject({
  id: z.string().min(5).max(40),
  deviceId: z.string().min(5).max(40),
})

export const posSaleParamsSchema = z.strictObject({
  id: z.string().min(5).max(40),
  orderId: z.string().min(5).max(40),
})

/** `POST /api/pos/:id/sales` (the device): the amount the cashier typed, in the link's currency. */
export const createPosSaleBodySchema = z.strictObject({
  amount: z.string().max(40).refine(isDecimalString, 'must be a decimal amount such as "12.5"'),
})
export type CreatePosSaleBody = z.infer<typeof createPosSaleBodySchema>

/** `GET /api/pos/:id` (the device): its own name and the point of sale it sells for. */
export const posSessionSchema = z.object({
  device: posDeviceSchema.pick({ id: true, label: true }),
  link: linkSchema,
})
export type PosSession = z.infer<typeof posSessionSchema>
