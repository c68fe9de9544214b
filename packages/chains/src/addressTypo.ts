/**
 * What every family says when an address's own checksum (EIP-55 letter case, bech32) refutes it:
 * one mistyped character, which must be refused rather than re-cased or sent to.
 */
export const addressTypoMessage = 'This address has a typo (its checksum does not match)'
