import {
  createdPosDeviceSchema,
  linkSchema,
  posDeviceListSchema,
  posDeviceSchema,
  posSessionSchema,
  posTokenHeader,
  type CreatedPosDevice,
  type Link,
  type PosDevice,
  type PosSession,
} from '@paylink/shared'
import { apiGet, apiSend } from './client.js'

// Point of sale: the merchant's device links (dashboard) and the shop device's own calls, which
// carry its token instead of a session (the device never signs in).

const devicesPath = (linkId: string) => `/api/links/${encodeURIComponent(linkId)}/pos-devices`
const posPath = (linkId: string) => `/api/pos/${encodeURIComponent(linkId)}`

export const createPosDevice = (linkId: string, label?: string): Promise<CreatedPosDevice> =>
  apiSend('POST', devicesPath(linkId), createdPosDeviceSchema, label ? { label } : {})

export const listPosDevices = (linkId: string): Promise<PosDevice[]> =>
  apiGet(devicesPath(linkId), posDeviceListSchema).then((r) => r.devices)

export const revokePosDevice = (linkId: string, deviceId: string): Promise<PosDevice> =>
  apiSend('DELETE', `${devicesPath(linkId)}/${encodeURIComponent(deviceId)}`, posDeviceSchema)

const asDevice = (token: string) => ({ [posTokenHeader]: token })

/** The device's name and the point of sale it sells for; refused once the shop disconnected it. */
export const readPos = (linkId: string, token: string): Promise<PosSession> =>
  apiGet(posPath(linkId), posSessionSchema, asDevice(token))

/** Rings up a sale of `amount` (the link's currency): a new order with its payment URIs. */
export const createPosSale = (linkId: string, token: string, amount: string): Promise<Link> =>
  apiSend('POST', `${posPath(linkId)}/sales`, linkSchema, { amount }, asDevice(token))

export const readPosSale = (linkId: string, token: string, orderId: string): Promise<Link> =>
  apiGet(`${posPath(linkId)}/sales/${encodeURIComponent(orderId)}`, linkSchema, asDevice(token))
