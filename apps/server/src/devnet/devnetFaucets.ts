import type { DevnetFaucet } from './devnetFaucet.js'
import type { DevnetHandle, DevnetUpstreams } from './devnetNetworks.js'
import { createBitcoinDevnetFaucet } from './bitcoinDevnetFaucet.js'
import { createEvmDevnetFaucet } from './evmDevnetFaucet.js'
import { createSolanaDevnetFaucet } from './solanaDevnetFaucet.js'

/**
 * The faucets of the devnet's chain families: POST /devnet/faucet picks one by the asset.
 */
export function devnetFaucets(devnet: DevnetHandle, upstreams: DevnetUpstreams): DevnetFaucet[] {
  return [
    createEvmDevnetFaucet(devnet, upstreams),
    ...(devnet.solana ? [createSolanaDevnetFaucet(devnet.solana)] : []),
    ...(devnet.bitcoin ? [createBitcoinDevnetFaucet(devnet.bitcoin)] : []),
  ]
}
