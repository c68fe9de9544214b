import { collectTransactionSchema, depositsSchema, type CollectTransaction, type Deposits } from '@paylink/shared'
import { apiGet, apiSend } from '../../../api/client.js'

// The merchant routes of apps/server/README.md ("Scan to pay: deposit addresses").

export const depositsQueryKey = ['deposits'] as const
export const listDeposits = (): Promise<Deposits> => apiGet('/api/deposits', depositsSchema)
/** The unsigned collect transaction for one network: the merchant's wallet sends it. */
export const prepareCollect = (caipNetworkId: string): Promise<CollectTransaction> =>
  apiSend('POST', '/api/deposits/collect', collectTransactionSchema, { caipNetworkId })
