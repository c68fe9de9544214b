import { receivingKeyAnswerSchema, type ReceivingKey } from '@paylink/shared'
import { apiGet, apiSend, noContent } from '../../../api/client.js'

// The watch-only key routes of apps/server/README.md ("Bitcoin").

const path = '/api/merchant/receiving-keys/bip122'

export const getBitcoinKey = (): Promise<ReceivingKey | null> =>
  apiGet(path, receivingKeyAnswerSchema).then((r) => r.receivingKey)
export const saveBitcoinKey = (key: string): Promise<ReceivingKey | null> =>
  apiSend('PUT', path, receivingKeyAnswerSchema, { key }).then((r) => r.receivingKey)
export const removeBitcoinKey = (): Promise<void> => apiSend('DELETE', path, noContent)
