import type { ChainFacts } from '../../chainCore.js'

/** The Solana family as plain data (see ChainFacts). */
export const solanaFacts = {
  namespace: 'solana',
  label: 'Solana',
  nativeCoinType: 501,
  caseSensitiveTransactionIds: true,
  watchOnlyKeys: false,
} as const satisfies ChainFacts<'solana'>
