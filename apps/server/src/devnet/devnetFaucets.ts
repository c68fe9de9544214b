import { chainFamilies } from '@paylink/chains/server'
import type { DevnetFaucet } from './devnetFaucet.js'
import type { DevnetHandle, DevnetUpstreams } from './devnetNetworks.js'

/**
 * The faucets of the devnet's chain families (each family's server face has its own): POST
 * /devnet/faucet picks one by the asset.
 */
export function devnetFaucets(devnet: DevnetHandle, upstreams: DevnetUpstreams): DevnetFaucet[] {
  return [...chainFamilies.values()].flatMap((family) => family.devnetFaucet?.(devnet, upstreams) ?? [])
}
