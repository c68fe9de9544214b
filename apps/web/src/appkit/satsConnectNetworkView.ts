import { chainFacts } from '@paylink/chains/facts'
import type { AppKit } from '@reown/appkit/react'

/** AppKit's own CAIP-2 ids of the two Bitcoin networks its sats-connect connector can name. */
const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const BITCOIN_TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'

/**
 * What AppKit 1.7.8's Bitcoin adapter may see of the toolkit when it builds its sats-connect
 * connectors. `SatsConnectConnector.connect()` first maps the toolkit's ACTIVE network to an
 * Xverse network name and throws ("Network … not supported by Xverse wallet") for anything but
 * Bitcoin mainnet and testnet4: so connecting a sats-connect wallet failed while EVM or Solana
 * was the active chain, and always on regtest (the demo's devnet) or signet. The name is only
 * passed to the wallet in the `wallet_connect` fallback; the addresses come from `getAddresses`.
 * This view answers the Bitcoin namespace's own network, and names any test network "testnet".
 */
export function satsConnectNetworkView(appKit: AppKit): AppKit {
  const view = {
    getCaipNetwork: () => {
      const network = appKit.getCaipNetwork(chainFacts.bip122.namespace)
      if (network?.caipNetworkId === BITCOIN_MAINNET) return network
      return { ...network, caipNetworkId: BITCOIN_TESTNET }
    },
  }
  // The adapter's syncConnectors reads nothing else of the toolkit (1.7.8 adapter.js).
  return view as unknown as AppKit
}
