import { x402Facilitator } from '@x402/core/facilitator'
import { toFacilitatorEvmSigner } from '@x402/evm'
import { ExactEvmScheme } from '@x402/evm/exact/facilitator'
import { createPublicClient, createWalletClient, http, publicActions, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export interface X402EvmNetwork {
  /** `eip155:<chainId>` */
  caipNetworkId: `eip155:${string}`
  /** The server's own endpoint for the chain. */
  rpcUrl: string
}

export interface EvmFacilitator {
  facilitator: x402Facilitator
  /** The gas key's address: it pays gas and never receives. */
  address: `0x${string}`
  /** The gas key's native balance per network (null where the RPC did not answer). */
  balances(): Promise<Array<{ caipNetworkId: string; balance: bigint | null }>>
}

/**
 * x402's own facilitator (@x402/core) with @x402/evm's exact scheme on each EVM network, each
 * scheme signing with the gas key through that network's RPC: verification and settlement are
 * theirs, not ours.
 */
export function createEvmFacilitator(privateKey: Hex, networks: readonly X402EvmNetwork[]): EvmFacilitator {
  const account = privateKeyToAccount(privateKey)
  const facilitator = new x402Facilitator()
  const readers = networks.map((network) => {
    const client = createWalletClient({ account, transport: http(network.rpcUrl) }).extend(publicActions)
    // x402's signer takes loose shapes (an abi of unknown[]): viem's typed calls cannot infer from them, hence the casts.
    const signer = toFacilitatorEvmSigner({
      address: account.address,
      readContract: (args) => client.readContract(args),
      verifyTypedData: (args) => client.verifyTypedData(args as never),
      writeContract: (args) => client.writeContract({ ...(args as object), chain: null } as never),
      sendTransaction: (args) => client.sendTransaction({ ...args, chain: null }),
      waitForTransactionReceipt: (args) => client.waitForTransactionReceipt({ ...args, pollingInterval: 50 }),
      getCode: (args) => client.getCode(args),
    })
    facilitator.register(network.caipNetworkId, new ExactEvmScheme(signer))
    return { caipNetworkId: network.caipNetworkId, client: createPublicClient({ transport: http(network.rpcUrl) }) }
  })
  return {
    facilitator,
    address: account.address,
    balances: () =>
      Promise.all(
        readers.map(async ({ caipNetworkId, client }) => ({
          caipNetworkId,
          balance: await client.getBalance({ address: account.address }).catch(() => null),
        })),
      ),
  }
}
