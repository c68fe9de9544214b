import type { DevnetFaucet } from './devnetFaucet.js'
import type { DevnetHandle, DevnetUpstreams } from './devnetNetworks.js'
import { createEvmDevnetFaucet } from './evmDevnetFaucet.js'
import { createSolanaDevnetFaucet } from './solanaDevnetFaucet.js'

/**
 * The faucets of the devnet's chain families: POST /devnet/faucet picks one by the asset. A new
 * devnet chain (Bitcoin regtest) adds its DevnetFaucet here.
 */
export function devnetFaucets(devnet: DevnetHandle, upstreams: DevnetUpstreams): DevnetFaucet[] {
  return [createEvmDevnetFaucet(devnet, upstreams), ...(devnet.solana ? [createSolanaDevnetFaucet(devnet.solana)] : [])]
}
