import { startAnvil } from '@paylink/chains/eip155/devnet'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import testUsdArtifact from '../artifacts/TestUSD.json' with { type: 'json' }

export type TestUsdAnvil = Awaited<ReturnType<typeof startTestUsdAnvil>>

/**
 * An anvil for the contract tests: its unlocked accounts, Test USD deployed and 10^12 units minted
 * to each, and the clients the tests call it with (receipts polled every 20 ms). Stop `anvil` after.
 */
export async function startTestUsdAnvil(chainId: number) {
  const anvil = await startAnvil({ chainId })
  const transport = http(anvil.rpcUrl)
  const publicClient = createPublicClient({ transport, pollingInterval: 20 })
  const wallet = (account: Address) => createWalletClient({ transport, account })
  const mined = (hash: Hex) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  const accounts = (await wallet(zeroAddress).getAddresses()).map((a) => getAddress(a))
  const deployed = await mined(
    await wallet(accounts[0]!).deployContract({
      chain: null,
      abi: testUsdArtifact.abi as Abi,
      bytecode: testUsdArtifact.bytecode as Hex,
      args: [accounts, 10n ** 12n],
    }),
  )
  const token = getAddress(deployed.contractAddress!)
  const tokenBalance = (address: Address) =>
    publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
  return { anvil, accounts, token, publicClient, wallet, mined, tokenBalance }
}
