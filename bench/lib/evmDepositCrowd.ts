import { performance } from 'node:perf_hooks'
import { startDevnet, type Devnet } from '@paylink/devnet'
import { anvilWallet } from '@paylink/chains/eip155/devnet'
import type { Asset, Network } from '@paylink/shared'
import type { Address } from 'viem'
import { devnetNetworks, type DevnetNetworks } from '../../apps/server/src/devnet/devnetNetworks.js'
import type { CrowdMeasure } from './blockScanRows.js'
import { startCountingProxy, type CountingProxy } from './startCountingProxy.js'

export const L1 = 'eip155:31337'
/** The crowds a deposit section compares (budget: the large one costs the RPC what the small one does), and blocks measured at each. */
export const crowdSizes = [10, 10_000] as const
export const blocksPerSize = 3

export interface EvmDepositCrowd {
  devnet: Devnet
  /** Chain 31337 (anvil), read straight: the bench's own calls, not counted. */
  l1: Devnet['chains'][number]
  /** In front of chain 31337: the tracker's requests, counted outside the tracker. */
  proxy: CountingProxy
  onDevnet: DevnetNetworks
  /** The devnet's networks, chain 31337 read through the proxy. */
  networks: Network[]
  /** Devnet account 5, the merchant of the bench's links. */
  merchant: Address
  tusd: Asset
  wallet: ReturnType<typeof anvilWallet>
  close(): Promise<void>
}

/** The EVM devnet (no Solana, no Bitcoin) with a counting proxy in front of chain 31337, for a deposit-address crowd section. */
export async function startEvmDepositCrowd(): Promise<EvmDepositCrowd> {
  const devnet = await startDevnet({ solana: false, bitcoin: false })
  const l1 = devnet.chains.find((chain) => chain.chainId === 31337)!
  const proxy = await startCountingProxy(l1.rpcUrl)
  const onDevnet = devnetNetworks(devnet)
  return {
    devnet,
    l1,
    proxy,
    onDevnet,
    networks: onDevnet.networks.map((network) => ({
      ...network,
      rpcUrl: network.caipNetworkId === L1 ? proxy.url : onDevnet.upstreams[network.caipNetworkId]!.rpcUrl,
    })),
    merchant: devnet.accounts[5]!,
    tusd: onDevnet.assets.find((asset) => asset.caipNetworkId === L1 && !asset.native)!,
    wallet: anvilWallet(l1.rpcUrl),
    close: async () => {
      await proxy.close()
      await devnet.stop()
    },
  }
}

/**
 * `blocks` blocks (automine off), each holding one Test USD payment of 1 into the deposit address
 * of what `fresh` makes (a link, an order), with `open` watches already open: the tracker's RPC
 * requests and time for each block, and how many came out paid after their block.
 */
export async function measureDepositBlocks({
  crowd,
  tracker,
  status,
  open,
  blocks,
  fresh,
}: {
  crowd: EvmDepositCrowd
  tracker: { runOnce(): Promise<unknown> }
  status(linkId: string): Promise<string>
  open: number
  blocks: number
  fresh(block: number): Promise<{ id: string; depositAddress: Address }>
}): Promise<CrowdMeasure & { requests: number[] }> {
  const { devnet, wallet, proxy, tusd } = crowd
  const result = { open, requests: [] as number[], ms: [] as number[], paid: 0 }
  for (let b = 0; b < blocks; b++) {
    const target = await fresh(b)
    await tracker.runOnce()
    await wallet.payToken(devnet.token.address, devnet.accounts[1]!, target.depositAddress, '1', tusd.decimals)
    await wallet.mine(1) // straight to anvil: not counted
    const before = proxy.count
    const started = performance.now()
    await tracker.runOnce()
    result.ms.push(performance.now() - started)
    result.requests.push(proxy.count - before)
    if ((await status(target.id)) === 'paid') result.paid++
  }
  return result
}
