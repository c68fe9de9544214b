/** A Bitcoin transfer the account's coins cannot pay with its fee (amounts in sats). */
export class InsufficientBitcoinError extends Error {
  override name = 'InsufficientBitcoinError'
  constructor(
    readonly available: bigint,
    readonly needed: bigint,
  ) {
    super(`Not enough BTC: the account holds ${available} sats, the transfer needs ${needed} sats with its fee`)
  }
}
