import { createPublicClient, createWalletClient, http, publicActions, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { balancesOn, type FacilitatorKey } from './facilitatorKey.js'

export interface X402EvmNetwork {
  /** `eip155:<chainId>` */
  caipNetworkId: `eip155:${string}`
  /** The server's own endpoint for the chain. */
  rpcUrl: string
}

export interface EvmFacilitator extends FacilitatorKey {
  address: `0x${string}`
}

/**
 * The gas key on each EVM network, and @x402/evm's exact scheme on each for x402's own facilitator
 * (@x402/core), each scheme signing with the gas key through that network's RPC: verification and
 * settlement are theirs, not ours. The balances need no x402 library; the scheme is registered
 * when x402 is first used (x402Libraries.ts).
 */
export function createEvmFacilitator(privateKey: Hex, networks: readonly X402EvmNetwork[]): EvmFacilitator {
  const account = privateKeyToAccount(privateKey)
  const readers = networks.map((network) => ({
    caipNetworkId: network.caipNetworkId,
    client: createPublicClient({ transport: http(network.rpcUrl) }),
  }))
  return {
    address: account.address,
    networks: networks.map((network) => network.caipNetworkId),
    balances: balancesOn(readers, ({ client }) => client.getBalance({ address: account.address })),
    register(facilitator, { toFacilitatorEvmSigner, ExactEvmFacilitator }) {
      for (const network of networks) {
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
        facilitator.register(network.caipNetworkId, new ExactEvmFacilitator(signer))
      }
    },
  }
}
