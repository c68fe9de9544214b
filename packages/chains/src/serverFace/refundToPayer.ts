/**
 * The refund rule of account chains (EVM, Solana): a refund goes back to the address that paid, so
 * naming another is refused (null); naming the payer is allowed, in any letter case.
 */
export function refundToPayer(payer: string, refundAddress: string | undefined): string | null {
  if (refundAddress !== undefined && refundAddress.toLowerCase() !== payer.toLowerCase()) return null
  return payer
}
