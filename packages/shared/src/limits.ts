/**
 * Longest strings in API answers: every z.string() in this package has a max, so no schema
 * (request or response) accepts text without bound.
 */
export const maxIdLength = 64
/** ISO 8601 timestamps are 24 characters; room for offsets and extra precision. */
export const maxTimestampLength = 40
/** A uint256 in decimal (78 digits) with a point, or a block height. */
export const maxAmountLength = 90
/** EVM, Solana and Bitcoin addresses all fit. */
export const maxAddressLength = 128
