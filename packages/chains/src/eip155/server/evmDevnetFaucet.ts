import { slip44AssetId } from '../../slip44AssetId.js'
import { evmFacts } from '../core/evmFacts.js'
import type { ChainAsset } from '../../chainShapes.js'
import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, isAddress, type Address } from 'viem'
import {
  FaucetEmptyError,
  type DevnetFaucet,
  type DevnetHandle,
  type DevnetUpstreams,
} from '../../serverFace/devnetFaucet.js'

/**
 * The EVM devnet's faucet: ETH by raising the balance (`anvil_setBalance`, so no transaction and
 * no transaction id), Test USD by a `transfer` from the dev account holding the most (anvil signs
 * for its unlocked accounts; automine puts it in a block at once).
 */
export function createEvmDevnetFaucet(
  devnet: Pick<DevnetHandle, 'chains' | 'token' | 'accounts'>,
  upstreams: DevnetUpstreams,
): DevnetFaucet {
  const tokenAssetId = `eip155:${devnet.token.chainId}/erc20:${devnet.token.address}`
  const assets: ChainAsset[] = [
    ...devnet.chains.map((chain) => ({
      assetId: slip44AssetId(`eip155:${chain.chainId}`, evmFacts.nativeCoinType),
      caipNetworkId: `eip155:${chain.chainId}`,
      symbol: 'ETH',
      name: 'Ether',
      decimals: 18,
      native: true,
    })),
    {
      assetId: tokenAssetId,
      caipNetworkId: `eip155:${devnet.token.chainId}`,
      symbol: devnet.token.symbol,
      name: devnet.token.name,
      decimals: devnet.token.decimals,
      native: false,
    },
  ]
  const rpcOf = (caipNetworkId: string) => {
    const upstream = upstreams[caipNetworkId]
    if (!upstream) throw new Error(`no devnet RPC for ${caipNetworkId}`)
    return http(upstream.rpcUrl)
  }
  return {
    namespace: 'eip155',
    assets,
    isAddress: (address) => isAddress(address, { strict: false }),
    async send({ asset, address, amount }) {
      const transport = rpcOf(asset.caipNetworkId)
      const client = createPublicClient({ transport })
      const to = address as Address
      if (asset.native) {
        const balance = await client.getBalance({ address: to })
        await createTestClient({ transport, mode: 'anvil' }).setBalance({ address: to, value: balance + amount })
        return null
      }
      const token = { address: devnet.token.address, abi: erc20Abi } as const
      const holdings = await Promise.all(
        devnet.accounts.map(async (account) => ({
          account,
          balance: await client.readContract({ ...token, functionName: 'balanceOf', args: [account] }),
        })),
      )
      const richest = holdings.reduce((best, h) => (h.balance > best.balance ? h : best))
      if (richest.balance < amount)
        throw new FaucetEmptyError(`The devnet's dev accounts hold less than that much ${asset.symbol}; ask for less.`)
      const hash = await createWalletClient({ transport }).writeContract({
        ...token,
        account: richest.account,
        chain: null,
        functionName: 'transfer',
        args: [to, amount],
      })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 30_000 })
      if (receipt.status !== 'success') throw new Error(`the Test USD transfer ${hash} reverted`)
      return hash
    },
  }
}
