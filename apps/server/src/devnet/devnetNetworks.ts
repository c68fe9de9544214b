import { devnetBitcoinAsset } from '@paylink/chains/bip122/server'
import { devnetSolanaAssets } from '@paylink/chains/solana/server'
import type { DevnetHandle, DevnetSolanaHandle, DevnetUpstreams } from '@paylink/chains/server'
import { nativeAssetId, type Asset, type Network } from '@paylink/shared'

// The handle's shape is what the families' faucets read: it lives with them.
export type {
  DevnetBitcoinHandle,
  DevnetHandle,
  DevnetSolanaHandle,
  DevnetUpstream,
  DevnetUpstreams,
} from '@paylink/chains/server'

export interface DevnetNetworks {
  networks: Network[]
  assets: Asset[]
  upstreams: DevnetUpstreams
}

/** Where the browser reaches the Solana devnet: the server's proxy, origin-relative. */
export const devnetSolanaRpcPath = '/devnet/solana/rpc'
export const devnetSolanaWsPath = '/devnet/solana/ws'
/** Where the browser reaches the Bitcoin devnet's Esplora API: the server's proxy, origin-relative. */
export const devnetBitcoinEsploraPath = '/devnet/bitcoin/esplora'

/**
 * The devnet's chains as the app's networks, reached through the server's proxy at an
 * origin-relative URL (`/devnet/rpc/<chainId>`, `/devnet/solana/rpc`): the browser resolves it
 * against the page's own origin, so the demo works at localhost, 127.0.0.1 or a LAN address alike
 * and stays same-origin (`/devnet/bitcoin/esplora` for Bitcoin). Plus native ETH on each chain,
 * SOL, BTC, and the demo token on EVM and Solana.
 */
export function devnetNetworks(devnet: Pick<DevnetHandle, 'chains' | 'token' | 'solana' | 'bitcoin'>): DevnetNetworks {
  const networks: Network[] = devnet.chains.map((chain) =>
    devnetNetwork({
      caipNetworkId: `eip155:${chain.chainId}`,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: `/devnet/rpc/${chain.chainId}`,
      // startDevnet deploys the deposit factory on every devnet chain (scan to pay).
      depositFactory: true,
    }),
  )
  const assets: Asset[] = networks.map(nativeAssetOf)
  const { token, solana, bitcoin } = devnet
  assets.push({
    assetId: `eip155:${token.chainId}/erc20:${token.address}`,
    caipNetworkId: `eip155:${token.chainId}`,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    native: false,
    // The demo's Test USD stands for a dollar stablecoin: priced 1:1 in USD.
    peggedTo: 'USD',
    // Its EIP-712 domain (packages/devnet/contracts/TestUSD.sol), which x402 payers sign under.
    eip712: { name: token.name, version: '1' },
  })
  const upstreams: DevnetUpstreams = Object.fromEntries(
    devnet.chains.map((chain) => [`eip155:${chain.chainId}`, { rpcUrl: chain.rpcUrl }]),
  )
  if (solana) {
    const part = devnetSolanaNetworks(solana)
    networks.push(...part.networks)
    assets.push(...part.assets)
    Object.assign(upstreams, part.upstreams)
  }
  if (bitcoin) {
    networks.push(
      devnetNetwork({
        caipNetworkId: bitcoin.caipNetworkId,
        name: bitcoin.name,
        nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
        // A Bitcoin network's rpcUrl is its Esplora base URL (chains/bip122).
        rpcUrl: devnetBitcoinEsploraPath,
      }),
    )
    assets.push(devnetBitcoinAsset(bitcoin.caipNetworkId))
    upstreams[bitcoin.caipNetworkId] = { rpcUrl: bitcoin.esploraUrl }
  }
  return { networks, assets, upstreams }
}

/** The Solana devnet's part of devnetNetworks: its network, SOL and Test USD, and its upstream. */
export function devnetSolanaNetworks(
  solana: Pick<DevnetSolanaHandle, 'caipNetworkId' | 'name' | 'rpcUrl' | 'wsUrl' | 'mint'>,
): DevnetNetworks {
  const [sol, testUsd] = devnetSolanaAssets(solana)
  return {
    // The Solana family's head is the finalized slot, so 1 confirmation is "finalized" (the
    // devnet finalizes `finalizeDepth` slots after a transaction's slot; see chains/solana).
    networks: [
      devnetNetwork({
        caipNetworkId: solana.caipNetworkId,
        name: solana.name,
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        rpcUrl: devnetSolanaRpcPath,
        wsUrl: devnetSolanaWsPath,
      }),
    ],
    // Test USD stands for a dollar stablecoin here too: priced 1:1 in USD.
    assets: [sol, { ...testUsd, peggedTo: 'USD' }],
    upstreams: { [solana.caipNetworkId]: { rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl } },
  }
}

/** A devnet network: a test network with no explorer, where one confirmation is enough. */
function devnetNetwork(
  fields: Pick<Network, 'caipNetworkId' | 'name' | 'nativeCurrency' | 'rpcUrl'> & Partial<Network>,
): Network {
  return { ...fields, blockExplorerUrl: null, testnet: true, confirmations: 1 }
}

/** The network's own coin as an asset, named as the network names it. */
function nativeAssetOf({ caipNetworkId, nativeCurrency }: Network): Asset {
  const { symbol, name, decimals } = nativeCurrency
  return { assetId: nativeAssetId(caipNetworkId), caipNetworkId, symbol, name, decimals, native: true }
}
