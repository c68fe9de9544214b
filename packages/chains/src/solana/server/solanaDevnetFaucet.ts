import { slip44AssetId } from '../../slip44AssetId.js'
import { solanaFacts } from '../core/solanaFacts.js'
import type { ChainAsset } from '../../chainShapes.js'
import { isSolanaAddress } from '../core/isSolanaAddress.js'
import type { DevnetFaucet, DevnetSolanaHandle } from '../../serverFace/devnetFaucet.js'

/** The Solana devnet's faucet: SOL and Test USD sent in real transactions from the devnet's faucet account. */
export function createSolanaDevnetFaucet(solana: DevnetSolanaHandle): DevnetFaucet {
  return {
    namespace: 'solana',
    assets: devnetSolanaAssets(solana),
    isAddress: isSolanaAddress,
    send: ({ asset, address, amount }) => solana.faucet(address, asset.native ? 'native' : solana.mint, amount),
  }
}

/** The Solana devnet's assets: SOL and its Test USD mint. */
export function devnetSolanaAssets({
  caipNetworkId,
  mint,
}: Pick<DevnetSolanaHandle, 'caipNetworkId' | 'mint'>): [sol: ChainAsset, testUsd: ChainAsset] {
  return [
    {
      assetId: slip44AssetId(caipNetworkId, solanaFacts.nativeCoinType),
      caipNetworkId,
      symbol: 'SOL',
      name: 'Solana',
      decimals: 9,
      native: true,
    },
    {
      assetId: `${caipNetworkId}/token:${mint}`,
      caipNetworkId,
      symbol: 'TUSD',
      name: 'Test USD',
      decimals: 6,
      native: false,
    },
  ]
}
