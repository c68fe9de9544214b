import type { ChainNetwork } from '../../chainShapes.js'
import { erc20Abi, type Address, type PublicClient } from 'viem'

export interface TransferRequest {
  network: ChainNetwork
  from: string
  to: string
  /** Atomic units of the coin, or of the token when `token` is set. */
  amount: bigint
  /** The ERC-20 contract; absent, the network's own coin moves. */
  token?: string | undefined
}

export type FeeClient = Pick<PublicClient, 'estimateGas' | 'estimateContractGas' | 'getGasPrice'>

/** The network fee of a transfer in the network's coin (gas estimate x gas price). EVM only. */
export async function estimateTransferFee(
  client: FeeClient,
  { from, to, amount, token }: TransferRequest,
): Promise<bigint> {
  const account = from as Address
  const recipient = to as Address
  const [gas, gasPrice] = await Promise.all([
    token === undefined
      ? client.estimateGas({ account, to: recipient, value: amount })
      : client.estimateContractGas({
          account,
          address: token as Address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [recipient, amount],
        }),
    client.getGasPrice(),
  ])
  return gas * gasPrice
}
