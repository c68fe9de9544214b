import { apiSend, hasFields } from './client.js'

export interface DevnetFaucetAnswer {
  transactionId: string | null
  asset: string
  address: string
  amount: string
}

/** Demo only: `POST /devnet/faucet` sends `amount` (asset units) of a devnet asset to `address`. */
export function requestDevnetFaucet(body: {
  asset: string
  address: string
  amount: string
}): Promise<DevnetFaucetAnswer> {
  return apiSend(
    'POST',
    '/devnet/faucet',
    hasFields<DevnetFaucetAnswer>('a faucet answer', ['transactionId', 'asset', 'address', 'amount']),
    body,
  )
}
