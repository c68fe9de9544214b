import type { ChainFacts } from '../../chainCore.js'

/** The Bitcoin family as plain data (see ChainFacts). */
export const bitcoinFacts = {
  namespace: 'bip122',
  label: 'Bitcoin',
  nativeCoinType: 0,
  caseSensitiveTransactionIds: false,
  watchOnlyKeys: true,
} as const satisfies ChainFacts<'bip122'>
