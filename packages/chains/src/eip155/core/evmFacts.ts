import type { ChainFacts } from '../../chainCore.js'

/** The EVM family as plain data (see ChainFacts). */
export const evmFacts = {
  namespace: 'eip155',
  label: 'EVM',
  nativeCoinType: 60,
  caseSensitiveTransactionIds: false,
  watchOnlyKeys: false,
} as const satisfies ChainFacts<'eip155'>
