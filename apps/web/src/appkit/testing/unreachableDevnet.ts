/**
 * For tests that run the real AppKit client: the devnet's EVM network with an RPC URL nobody
 * answers (port 9, discard). Imported lazily, like AppKit itself in those tests, so their stubs
 * are in place first.
 */
export async function unreachableDevnet() {
  const { defineChain } = await import('@reown/appkit/networks')
  return defineChain({
    id: 31337,
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } },
    chainNamespace: 'eip155',
    caipNetworkId: 'eip155:31337',
  })
}
