/**
 * An upper bound of the transaction's virtual size: 11 vB of version, counts, lock time and
 * segwit marker; 68 vB per P2WPKH input (a 72-byte signature at most); 43 vB per recipient (a
 * P2TR or P2WSH output, the largest standard kind); 31 vB for the P2WPKH change.
 */
export function bitcoinTransferVsize({
  inputs,
  recipients,
  change,
}: {
  inputs: number
  recipients: number
  change: boolean
}): number {
  return 11 + 68 * inputs + 43 * recipients + (change ? 31 : 0)
}
