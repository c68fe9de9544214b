import type { Asset } from '@paylink/shared'
import { privateKeyToAccount } from 'viem/accounts'
import { requestFaucet, type DevnetFaucet } from '../devnet/devnetFaucet.js'
import { evmNetworkIds } from './index.js'

/**
 * Gives the demo's facilitator gas key (new at each start) 10 ETH on every devnet EVM chain from
 * the devnet's own faucet, so the demo needs no X402_EVM_PRIVATE_KEY.
 */
export async function fundDemoGasKey(
  privateKey: `0x${string}`,
  faucets: readonly DevnetFaucet[],
  assets: readonly Asset[],
): Promise<void> {
  const { address } = privateKeyToAccount(privateKey)
  const natives = assets.filter((asset) => asset.native && evmNetworkIds([asset]).length > 0)
  for (const asset of natives) await requestFaucet(faucets, { asset: asset.assetId, address, amount: '10' })
}
