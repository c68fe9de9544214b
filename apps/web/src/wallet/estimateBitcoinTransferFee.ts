import { readBitcoinTransferPlan, type BitcoinTransferPlanRequest } from './readBitcoinTransferPlan.js'

export type BitcoinTransferFeeRequest = BitcoinTransferPlanRequest

/**
 * The fee of a BTC transfer before the wallet is asked: the fee of readBitcoinTransferPlan's plan.
 * The checkout shows it for a wallet that picks its own coins and rate (`sendTransfer`); the
 * Wallet page signs a PSBT of the plan itself. Throws InsufficientBitcoinError when the coins cannot pay.
 */
export async function estimateBitcoinTransferFee(request: BitcoinTransferFeeRequest, fetchFn: typeof fetch = fetch): Promise<bigint> {
  return (await readBitcoinTransferPlan(request, fetchFn)).fee
}
