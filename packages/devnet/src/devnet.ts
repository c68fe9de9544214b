import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem'

import { startAnvil, type StartAnvilReturnType } from './anvil.js'
import testUsdArtifact from './artifacts/TestUSD.json' with { type: 'json' }

export type DevnetChain = { chainId: number; name: string; rpcUrl: string }

export type DevnetToken = {
  chainId: number
  address: `0x${string}`
  symbol: 'TUSD'
  name: 'Test USD'
  decimals: 6
}

export type Devnet = {
  chains: Array<DevnetChain>
  token: DevnetToken
  accounts: `0x${string}`[]
  stop(): Promise<void>
}

export const DEVNET_CHAINS = [
  { chainId: 31337, name: 'Paylink Devnet' },
  { chainId: 31338, name: 'Paylink Devnet L2' },
] as const

/** Every dev account starts with this much TUSD (atomic units, 6 decimals). */
export const TUSD_PER_ACCOUNT = parseUnits('10000', 6)

/**
 * Starts the local chains for the demo and the tests: two anvils ("Paylink Devnet" 31337 and
 * "Paylink Devnet L2" 31338), each with anvil's 10 unlocked accounts of 10 000 ETH, and the
 * Test USD token deployed on 31337 with 10 000 TUSD for each account.
 */
export async function startDevnet(): Promise<Devnet> {
  const started = await Promise.allSettled(DEVNET_CHAINS.map(({ chainId }) => startAnvil({ chainId })))
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => {
    await Promise.all(anvils.map((anvil) => anvil.stop()))
  }
  const failure = started.find((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (failure) {
    await stop()
    throw failure.reason
  }

  try {
    const [l1] = anvils as [StartAnvilReturnType, StartAnvilReturnType]
    const { accounts, tokenAddress } = await deployTestUsd(l1.rpcUrl)
    return {
      chains: DEVNET_CHAINS.map(({ chainId, name }, i) => ({ chainId, name, rpcUrl: anvils[i]!.rpcUrl })),
      token: { chainId: l1.chainId, address: tokenAddress, symbol: 'TUSD', name: 'Test USD', decimals: 6 },
      accounts,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function deployTestUsd(rpcUrl: string): Promise<{ accounts: Address[]; tokenAddress: Address }> {
  // Automine makes the receipt available at once; a short poll keeps start-up fast.
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ transport, pollingInterval: 20 })
  const accounts = (await createWalletClient({ transport }).getAddresses()).map((a) => getAddress(a))
  const deployer = accounts[0]
  if (!deployer) throw new Error(`anvil at ${rpcUrl} lists no accounts`)
  const walletClient = createWalletClient({ transport, account: deployer })
  const hash = await walletClient.deployContract({
    chain: null,
    abi: testUsdArtifact.abi as Abi,
    bytecode: testUsdArtifact.bytecode as Hex,
    args: [accounts, TUSD_PER_ACCOUNT],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`TestUSD deployment failed (${hash})`)
  // Give the deployer back the gas it spent, so every account shows a round 10 000 ETH.
  await createTestClient({ transport, mode: 'anvil' }).setBalance({ address: deployer, value: parseEther('10000') })
  return { accounts, tokenAddress: getAddress(receipt.contractAddress) }
}
