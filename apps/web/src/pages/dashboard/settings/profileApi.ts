import { merchantProfileAnswerSchema, type MerchantProfile, type PutMerchantProfileBody } from '@paylink/shared'
import { apiGet, apiSend } from '../../../api/client.js'

// The profile routes of apps/server/README.md ("Merchant profile").

const path = '/api/merchant/profile'

export const getProfile = (): Promise<MerchantProfile> =>
  apiGet(path, merchantProfileAnswerSchema).then((r) => r.profile)
export const saveProfile = (body: PutMerchantProfileBody): Promise<MerchantProfile> =>
  apiSend('PUT', path, merchantProfileAnswerSchema, body).then((r) => r.profile)
