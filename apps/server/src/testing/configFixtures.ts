import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** For a test file: a temporary folder (config files, data directories), removed after the suite. */
export function useTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A NETWORKS entry as an operator writes it: Base mainnet at its public RPC. */
export const baseNetworkEntry = {
  caipNetworkId: 'eip155:8453',
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'https://mainnet.base.org',
  blockExplorerUrl: 'https://basescan.org',
  testnet: false,
  confirmations: 3,
}
