import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { linkQueryKey } from '../../api/useLiveLink.js'
import { useSubmitPayment } from '../../api/useSubmitPayment.js'
import { rememberPayment } from './rememberedPayments.js'
import type { OptionContext } from './usePayOption.js'

export type PayPhase = 'idle' | 'wallet' | 'server'

/**
 * One payment on any chain: the wallet sends (`send` resolves with the transaction id: EVM hash,
 * Solana signature, Bitcoin txid), the id is remembered, then handed to the server, which finds
 * the payment on chain either way. `phase` says which of the two the page waits for.
 */
export function usePayment(linkId: string, send: (ctx: OptionContext) => Promise<string>) {
  const queryClient = useQueryClient()
  const submit = useSubmitPayment(linkId)
  const [phase, setPhase] = useState<PayPhase>('idle')
  const mutation = useMutation({
    mutationFn: async (ctx: OptionContext) => {
      setPhase('wallet')
      const txHash = await send(ctx)
      // Remembered before the server hears of it: a lost answer is handed over again on reopen.
      rememberPayment(linkId, { caipNetworkId: ctx.network.caipNetworkId, txHash })
      setPhase('server')
      await submit.mutateAsync({ caipNetworkId: ctx.network.caipNetworkId, txHash })
      return txHash
    },
    onSettled: () => {
      setPhase('idle')
      void queryClient.invalidateQueries({ queryKey: linkQueryKey(linkId) })
      void queryClient.invalidateQueries({ queryKey: ['pay-funds'] })
    },
  })
  return { ...mutation, phase }
}
