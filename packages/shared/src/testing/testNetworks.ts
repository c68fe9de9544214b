import type { Asset, Network } from '../config.js'
import type { LinkOption } from '../links.js'

// The test networks the server's and the web app's tests both build on, spelled once so that a
// change to the network's shape is made in one place. A test names only what it is about
// (`testEvmNetwork('eip155:8453', 'https://mainnet.base.org')`, `{ ...devnetNetwork, confirmations: 2 }`).

/** An EVM test network paying in Ether, named after its CAIP id unless `extra` names it. */
export function testEvmNetwork(caipNetworkId: string, rpcUrl: string, extra: Partial<Network> = {}): Network {
  return {
    caipNetworkId,
    name: caipNetworkId,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl,
    blockExplorerUrl: null,
    testnet: true,
    confirmations: 1,
    ...extra,
  }
}

/** The demo devnet's first chain as the browser reaches it: behind the server's proxy, origin-relative. */
export const devnetNetwork: Network = testEvmNetwork('eip155:31337', '/devnet/rpc/31337', { name: 'Paylink Devnet' })

/** Native Ether on the devnet's first chain. */
export const devnetEth: Asset = {
  assetId: 'eip155:31337/slip44:60',
  caipNetworkId: 'eip155:31337',
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  native: true,
}

/** What a link option shows before anything was sent to it: nothing received, no fiat quote. */
export const nothingReceived = {
  paid: '0',
  confirming: '0',
  overpaid: '0',
  late: '0',
  shortfall: '0',
  due: null,
  rate: null,
  rateSource: null,
  quoteExpiresAt: null,
  quoteProblem: null,
} as const satisfies Partial<LinkOption>
