import type { Network } from '@paylink/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address, Hash, Hex } from 'viem'
import { useSendTransaction } from 'wagmi'
import { usePaylinkKit } from '../../../appkit/PaylinkProvider.js'
import { publicClientFor } from '@paylink/chains/eip155/web'
import { depositsQueryKey, prepareCollect } from './depositsApi.js'

export type CollectPhase = 'idle' | 'preparing' | 'wallet' | 'mining'

/**
 * Collect on one network: the server builds the factory's `collect` transaction, the connected
 * wallet sends it (wagmi, as useSendTransfer does), and the receipt is awaited. Resolves with the
 * hash and how many deposit addresses still wait (more than one transaction holds).
 */
export function useCollectDeposits() {
  const { wagmiAdapter } = usePaylinkKit()
  const { sendTransactionAsync } = useSendTransaction({ config: wagmiAdapter.wagmiConfig })
  const queryClient = useQueryClient()
  const [phase, setPhase] = useState<CollectPhase>('idle')
  const mutation = useMutation({
    mutationFn: async (network: Network): Promise<{ hash: Hash; collected: number; remaining: number }> => {
      setPhase('preparing')
      const transaction = await prepareCollect(network.caipNetworkId)
      setPhase('wallet')
      const hash = await sendTransactionAsync({
        to: transaction.to as Address,
        data: transaction.data as Hex,
        value: BigInt(transaction.value),
        chainId: Number(network.caipNetworkId.split(':')[1]),
      })
      setPhase('mining')
      const receipt = await publicClientFor(network).waitForTransactionReceipt({
        hash,
        pollingInterval: 500,
        timeout: 120_000,
      })
      if (receipt.status !== 'success') throw new Error(`The collect transaction ${hash} reverted: nothing moved.`)
      return { hash, collected: transaction.deposits, remaining: transaction.remaining }
    },
    onSettled: () => {
      setPhase('idle')
      void queryClient.invalidateQueries({ queryKey: depositsQueryKey })
    },
  })
  return { ...mutation, phase }
}
