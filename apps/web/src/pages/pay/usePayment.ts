import type { Link } from '@paylink/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { fetchLink } from '../../api/checkout.js'
import { linkQueryKey } from '../../api/useLiveLink.js'
import { useSubmitPayment } from '../../api/useSubmitPayment.js'
import { clearPaying, markPaying, otherTabPaying } from './payingMarker.js'
import { findPaymentOnItsWay } from './paymentOnItsWay.js'
import { useT } from '../../i18n/useT.js'
import { rememberedPayments, rememberPayment } from './rememberedPayments.js'
import type { OptionContext } from './usePayOption.js'

export type PayPhase = 'idle' | 'checking' | 'wallet' | 'server'

/** A payment this press would repeat, waiting for the payer's answer. */
export interface PayAgainQuestion {
  ctx: OptionContext
  text: string
}

/**
 * One payment on any chain: the wallet sends (`send` resolves with the transaction id: EVM hash,
 * Solana signature, Bitcoin txid), the id is remembered, then handed to the server, which finds
 * the payment on chain either way. `phase` says which of the two the page waits for.
 *
 * `mutate` first reads the link afresh: when a payment of the option from `payer` is already on
 * its way (another tab, another device, a page that has not heard yet), it asks (`question`)
 * instead of opening the wallet; `payAgain` goes on, `dontPay` drops it.
 */
export function usePayment(linkId: string, payer: string | undefined, send: (ctx: OptionContext) => Promise<string>) {
  const queryClient = useQueryClient()
  const { t } = useT()
  const submit = useSubmitPayment(linkId)
  const [phase, setPhase] = useState<PayPhase>('idle')
  const [question, setQuestion] = useState<PayAgainQuestion | null>(null)
  const mutation = useMutation({
    mutationFn: async (ctx: OptionContext) => {
      setPhase('wallet')
      if (payer) markPaying(linkId, { optionId: ctx.option.id, payer })
      try {
        const txHash = await send(ctx)
        // Remembered before the server hears of it: a lost answer is handed over again on reopen.
        rememberPayment(linkId, { caipNetworkId: ctx.network.caipNetworkId, txHash })
        setPhase('server')
        await submit.mutateAsync({ caipNetworkId: ctx.network.caipNetworkId, txHash })
        return txHash
      } finally {
        clearPaying(linkId)
      }
    },
    onSettled: () => {
      setPhase('idle')
      void queryClient.invalidateQueries({ queryKey: linkQueryKey(linkId) })
      void queryClient.invalidateQueries({ queryKey: ['pay-funds'] })
    },
  })

  const mutate = (ctx: OptionContext) => {
    if (phase !== 'idle') return
    setPhase('checking')
    void (async () => {
      // The server's view now, not the page's: the stream may not have brought the other payment yet.
      const fresh = await fetchLink(linkId).catch(() => undefined)
      const link = fresh ?? queryClient.getQueryData<Link>(linkQueryKey(linkId))
      const found =
        payer && link
          ? findPaymentOnItsWay({
              link,
              option: ctx.option,
              due: ctx.due,
              payer,
              remembered: rememberedPayments(linkId),
              paying: otherTabPaying(linkId),
              t,
            })
          : null
      setPhase('idle')
      // The page keeps its view until the payer answers: the fresh link (maybe Paid) would take the question away.
      if (found) setQuestion({ ctx, text: found.text })
      else mutation.mutate(ctx)
    })()
  }

  return {
    ...mutation,
    isPending: mutation.isPending || phase === 'checking',
    phase,
    mutate,
    question,
    payAgain: () => {
      if (!question) return
      setQuestion(null)
      mutation.mutate(question.ctx)
    },
    dontPay: () => {
      setQuestion(null)
      void queryClient.invalidateQueries({ queryKey: linkQueryKey(linkId) })
    },
  }
}
