/** Change below this is left to the fee: Core's dust limit for a P2WPKH output at 3 sat/vB. */
export const bitcoinDustLimit = 294n
