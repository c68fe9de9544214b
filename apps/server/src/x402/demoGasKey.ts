import type { Asset } from '@paylink/shared'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { requestFaucet, type DevnetFaucet } from '../devnet/devnetFaucet.js'
import { evmNetworkIds } from './index.js'

/**
 * The demo's facilitator gas key: new at each start, given 10 ETH on every devnet EVM chain by
 * the devnet's own faucet, so the demo needs no X402_EVM_PRIVATE_KEY.
 */
export async function fundedDemoGasKey(faucets: readonly DevnetFaucet[], assets: readonly Asset[]) {
  const privateKey = generatePrivateKey()
  const { address } = privateKeyToAccount(privateKey)
  const natives = assets.filter((asset) => asset.native && evmNetworkIds([asset]).length > 0)
  for (const asset of natives) await requestFaucet(faucets, { asset: asset.assetId, address, amount: '10' })
  return privateKey
}
