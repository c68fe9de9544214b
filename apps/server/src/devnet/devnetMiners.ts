import type { DevnetHandle } from './devnetNetworks.js'

/** Mines `blocks` blocks on one devnet chain now; resolves to their hashes, oldest first. */
export type DevnetMiner = (blocks: number) => Promise<string[]>

/** caipNetworkId -> how to mine it now (`POST /devnet/mine`): the Bitcoin devnet, whose blocks otherwise come on a timer. */
export function devnetMiners(devnet: Pick<DevnetHandle, 'bitcoin'>): Record<string, DevnetMiner> {
  const { bitcoin } = devnet
  return bitcoin ? { [bitcoin.caipNetworkId]: (blocks) => bitcoin.mine(blocks) } : {}
}
