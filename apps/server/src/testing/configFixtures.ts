/** A NETWORKS entry as an operator writes it: Base mainnet at its public RPC. */
export const baseNetworkEntry = {
  caipNetworkId: 'eip155:8453',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'https://mainnet.base.org',
  blockExplorerUrl: 'https://basescan.org',
  testnet: false,
  confirmations: 3,
}
