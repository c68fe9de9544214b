import type { WebNamespace } from '@paylink/chains/web'

/** The chain namespaces the wallet page shows a panel for: every family with a web face. */
export type WalletNamespace = WebNamespace

/** Their names on screen (a family missing here fails to compile). */
export const namespaceLabels = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
} as const satisfies Record<WalletNamespace, string>
