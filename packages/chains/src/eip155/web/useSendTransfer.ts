import { useCallback } from 'react'
import { erc20Abi, type Address, type Hash } from 'viem'
import { useSendTransaction, useWriteContract } from 'wagmi'
import type { WebToolkit } from '../../webContract.js'
import type { TransferRequest } from './estimateTransferFee.js'

/**
 * Sends an EVM transfer (the coin, or an ERC-20 `transfer`) from the connected wallet through
 * wagmi's hooks, and resolves with the hash as soon as the wallet has sent it. The config comes
 * from the toolkit's wagmi adapter, passed by hand: no WagmiProvider is mounted (see
 * appkit/KitEffects.tsx).
 */
export function useSendTransfer({ wagmiConfig: config }: WebToolkit) {
  const { sendTransactionAsync } = useSendTransaction({ config })
  const { writeContractAsync } = useWriteContract({ config })
  return useCallback(
    ({ network, to, amount, token }: TransferRequest): Promise<Hash> => {
      const chainId = Number(network.caipNetworkId.split(':')[1])
      const recipient = to as Address
      return token === undefined
        ? sendTransactionAsync({ to: recipient, value: amount, chainId })
        : writeContractAsync({
            address: token as Address,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [recipient, amount],
            chainId,
          })
    },
    [sendTransactionAsync, writeContractAsync],
  )
}
