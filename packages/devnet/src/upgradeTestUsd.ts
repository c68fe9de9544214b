import { createPublicClient, createTestClient, encodeDeployData, http, type Abi, type Address, type Hex } from 'viem'

import testUsdArtifact from './artifacts/TestUSD.json' with { type: 'json' }

/**
 * A chain saved before Test USD had EIP-3009 holds the plain ERC-20 at the same address: it gets
 * today's code in place (anvil_setCode), keeping its storage, since the new contract keeps the
 * ERC-20's slots first. The code is what a deployment would leave (an eth_call of the creation
 * code returns it), so nothing is mined and every balance and address the database knows stays.
 */
export async function upgradeTestUsdInPlace(rpcUrl: string, tokenAddress: Address, deployer: Address): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const abi = testUsdArtifact.abi as Abi
  const current = await client.readContract({ address: tokenAddress, abi, functionName: 'version' }).catch(() => null)
  if (current !== null) return
  const { data } = await client.call({
    account: deployer,
    data: encodeDeployData({ abi, bytecode: testUsdArtifact.bytecode as Hex, args: [[], 0n] }),
  })
  if (!data) throw new Error('Test USD: its creation code returned no runtime code')
  await createTestClient({ transport: http(rpcUrl), mode: 'anvil' }).setCode({ address: tokenAddress, bytecode: data })
}
