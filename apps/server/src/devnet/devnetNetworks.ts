import { nativeAssetId, type Asset, type Network } from '@paylink/shared'

/** What `startDevnet()` from @paylink/devnet resolves to (the part the server reads). */
export interface DevnetHandle {
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  token: { chainId: number; address: `0x${string}`; symbol: string; name: string; decimals: number }
  accounts: `0x${string}`[]
  /** The Solana devnet; absent when the devnet runs EVM chains only. */
  solana?: DevnetSolanaHandle
  /** The Bitcoin regtest devnet; absent when the devnet runs without it. */
  bitcoin?: DevnetBitcoinHandle
  stop(): Promise<void>
}

export interface DevnetBitcoinHandle {
  caipNetworkId: string
  name: string
  /** The devnet's Esplora REST API on loopback. */
  esploraUrl: string
  faucet(address: string, sats: bigint): Promise<string>
  mine(blocks: number): Promise<string[]>
}

export interface DevnetSolanaHandle {
  caipNetworkId: string
  name: string
  rpcUrl: string
  wsUrl: string
  mint: string
  /** Slots after which the devnet finalizes a transaction. */
  finalizeDepth: number
  faucet(address: string, asset: string, amount: bigint): Promise<string>
}

/** Where the server reads a devnet network itself (loopback), and proxies the browser to. */
export interface DevnetUpstream {
  rpcUrl: string
  /** The websocket of a Solana devnet. */
  wsUrl?: string
}

/** caipNetworkId -> the devnet's own endpoints. */
export type DevnetUpstreams = Record<string, DevnetUpstream>

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

/** The Bitcoin devnet's one asset. */
export function devnetBitcoinAsset(caipNetworkId: string): Asset {
  return {
    assetId: nativeAssetId(caipNetworkId),
    caipNetworkId,
    symbol: 'BTC',
    name: 'Bitcoin',
    decimals: 8,
    native: true,
  }
}

/**
 * The devnet's chains as the app's networks, reached through the server's proxy at an
 * origin-relative URL (`/devnet/rpc/<chainId>`, `/devnet/solana/rpc`): the browser resolves it
 * against the page's own origin, so the demo works at localhost, 127.0.0.1 or a LAN address alike
 * and stays same-origin (`/devnet/bitcoin/esplora` for Bitcoin). Plus native ETH on each chain,
 * SOL, BTC, and the demo token on EVM and Solana.
 */
export function devnetNetworks(devnet: Pick<DevnetHandle, 'chains' | 'token' | 'solana' | 'bitcoin'>): DevnetNetworks {
  const networks: Network[] = devnet.chains.map((chain) => ({
    caipNetworkId: `eip155:${chain.chainId}`,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: `/devnet/rpc/${chain.chainId}`,
    blockExplorerUrl: null,
    testnet: true,
    confirmations: 1,
    // startDevnet deploys the deposit factory on every devnet chain (scan to pay).
    depositFactory: true,
  }))
  const assets: Asset[] = networks.map((network) => ({
    assetId: nativeAssetId(network.caipNetworkId),
    caipNetworkId: network.caipNetworkId,
    symbol: 'ETH',
    name: 'Ether',
    decimals: 18,
    native: true,
  }))
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
  })
  const upstreams: DevnetUpstreams = Object.fromEntries(
    devnet.chains.map((chain) => [`eip155:${chain.chainId}`, { rpcUrl: chain.rpcUrl }]),
  )
  if (solana) {
    networks.push({
      caipNetworkId: solana.caipNetworkId,
      name: solana.name,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrl: devnetSolanaRpcPath,
      wsUrl: devnetSolanaWsPath,
      blockExplorerUrl: null,
      testnet: true,
      // The Solana family's head is the finalized slot, so 1 confirmation is "finalized" (the
      // devnet finalizes `finalizeDepth` slots after a transaction's slot; see chains/solana).
      confirmations: 1,
    })
    assets.push(
      {
        assetId: nativeAssetId(solana.caipNetworkId),
        caipNetworkId: solana.caipNetworkId,
        symbol: 'SOL',
        name: 'Solana',
        decimals: 9,
        native: true,
      },
      {
        assetId: `${solana.caipNetworkId}/token:${solana.mint}`,
        caipNetworkId: solana.caipNetworkId,
        symbol: 'TUSD',
        name: 'Test USD',
        decimals: 6,
        native: false,
        peggedTo: 'USD',
      },
    )
    upstreams[solana.caipNetworkId] = { rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl }
  }
  if (bitcoin) {
    networks.push({
      caipNetworkId: bitcoin.caipNetworkId,
      name: bitcoin.name,
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      // A Bitcoin network's rpcUrl is its Esplora base URL (chains/bip122).
      rpcUrl: devnetBitcoinEsploraPath,
      blockExplorerUrl: null,
      testnet: true,
      confirmations: 1,
    })
    assets.push(devnetBitcoinAsset(bitcoin.caipNetworkId))
    upstreams[bitcoin.caipNetworkId] = { rpcUrl: bitcoin.esploraUrl }
  }
  return { networks, assets, upstreams }
}
