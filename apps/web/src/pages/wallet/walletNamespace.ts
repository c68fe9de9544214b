/** The chain namespaces the wallet page shows a panel for, and their names on screen. */
export type WalletNamespace = 'eip155' | 'solana' | 'bip122'

export const namespaceLabels: Record<WalletNamespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
}
