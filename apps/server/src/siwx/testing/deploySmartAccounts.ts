import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import artifact from './TestSmartAccount.json' with { type: 'json' }

/** anvil's first well-known test key (funded on every anvil). */
export const anvilDeployerKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const

export const smartAccountFactoryAbi = artifact.contracts.TestSmartAccountFactory.abi as Abi

export interface SmartAccountFactory {
  factory: Address
  /** The CREATE2 address of an owner's account with this salt (deployed or not). */
  addressOf(owner: Address, salt: Hex): Promise<Address>
  /** Deploys the owner's account with this salt; resolves once mined. */
  deploy(owner: Address, salt: Hex): Promise<Address>
  /** Calldata for the factory that deploys the account (the ERC-6492 factoryData). */
  deployData(owner: Address, salt: Hex): Hex
}

/** Deploys TestSmartAccountFactory on an anvil node and returns helpers around it. */
export async function deploySmartAccountFactory(rpcUrl: string, chainId: number): Promise<SmartAccountFactory> {
  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const account = privateKeyToAccount(anvilDeployerKey)
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl) })
  const hash = await wallet.deployContract({
    abi: smartAccountFactoryAbi,
    bytecode: artifact.contracts.TestSmartAccountFactory.bytecode as Hex,
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const factory = receipt.contractAddress!
  const addressOf = (owner: Address, salt: Hex) =>
    client.readContract({
      address: factory,
      abi: smartAccountFactoryAbi,
      functionName: 'addressOf',
      args: [owner, salt],
    }) as Promise<Address>
  return {
    factory,
    addressOf,
    async deploy(owner, salt) {
      const tx = await wallet.writeContract({
        address: factory,
        abi: smartAccountFactoryAbi,
        functionName: 'deploy',
        args: [owner, salt],
      })
      await client.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })
      return addressOf(owner, salt)
    },
    deployData: (owner, salt) =>
      encodeFunctionData({ abi: smartAccountFactoryAbi, functionName: 'deploy', args: [owner, salt] }),
  }
}
