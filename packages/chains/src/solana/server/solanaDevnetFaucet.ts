import { slip44AssetId } from '../../slip44AssetId.js'
import { solanaFacts } from '../core/solanaFacts.js'
import type { ChainAsset } from '../../chainShapes.js'
import { base58 } from '@scure/base'
import type { DevnetFaucet, DevnetSolanaHandle } from '../../serverFace/devnetFaucet.js'

/** The Solana devnet's faucet: SOL and Test USD sent in real transactions from the devnet's faucet account. */
export function createSolanaDevnetFaucet(solana: DevnetSolanaHandle): DevnetFaucet {
  const assets: ChainAsset[] = [
    {
      assetId: slip44AssetId(solana.caipNetworkId, solanaFacts.nativeCoinType),
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
    },
  ]
  return {
    namespace: 'solana',
    assets,
    isAddress: isSolanaAddress,
    send: ({ asset, address, amount }) => solana.faucet(address, asset.native ? 'native' : solana.mint, amount),
  }
}

/** A base58 string of 32 bytes (an ed25519 public key or a program-derived address). */
export function isSolanaAddress(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false
  try {
    return base58.decode(address).length === 32
  } catch {
    return false
  }
}
