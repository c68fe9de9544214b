import { optionAmountText, type Link, type LinkOption } from '@paylink/shared'
import type { TextOf } from '../../i18n/useT.js'
import { optionDueAtomic } from './optionDue.js'
import type { RememberedPayment } from './rememberedPayments.js'
import type { PayingMarker } from './payingMarker.js'

export interface PaymentOnItsWay {
  /** Why the payer should stop before paying again, in one sentence. */
  text: string
}

/** Hex addresses (EVM) are one account in any case; others (base58, bech32) as written. */
function sameAccount(a: string, b: string): boolean {
  return a.startsWith('0x') && b.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b
}

/**
 * A payment of `option` from `payer` that this press would repeat, or null: from the server's
 * view of the link (a payment on the option from this sender, on its way or arrived, that the
 * amount about to be sent does not already leave out; one still unread whose transaction this
 * browser sent), else another tab of this browser at its wallet step for the same option and
 * account. Late, failed and reverted payments never stop a payer, nor does a top-up of what is
 * still due after an earlier payment.
 */
export function findPaymentOnItsWay({
  link,
  option,
  due,
  payer,
  remembered,
  paying,
  t,
}: {
  link: Pick<Link, 'payments' | 'options'>
  option: Pick<LinkOption, 'id' | 'caipNetworkId' | 'decimals' | 'symbol'>
  /** What the press would send, in atomic units: the due the page shows. */
  due: bigint
  payer: string
  remembered: readonly RememberedPayment[]
  /** Another tab's payment at the wallet step (payingMarker.ts); null when none. */
  paying: PayingMarker | null
  /** The payer's language. */
  t: TextOf
}): PaymentOnItsWay | null {
  const current = link.options.find((o) => o.id === option.id)
  // The server counts less still due than the page asks for: a payment the page has not heard of.
  const unheard = current !== undefined && optionDueAtomic(current) < due
  const sentHere = (txHash: string) => remembered.some((r) => r.txHash.toLowerCase() === txHash.toLowerCase())
  for (const p of link.payments) {
    if (p.late || p.caipNetworkId !== option.caipNetworkId) continue
    const amount = p.amount ? optionAmountText({ ...option, amount: p.amount }) : null
    const onItsWay = () => (amount ? t('payAgain.onItsWayAmount', { amount }) : t('payAgain.onItsWay'))
    const fromPayer = p.optionId === option.id && p.payer !== null && sameAccount(p.payer, payer)
    if (fromPayer && p.status === 'pending') return { text: onItsWay() }
    // Not read from the chain yet (no option, no sender): this browser sent it, so it is the payer's.
    if (p.status === 'pending' && p.optionId === null && sentHere(p.txHash)) return { text: t('payAgain.unread') }
    // Detected or confirmed: already left out of what is due, unless the page has not heard of it.
    if (!unheard) continue
    if (fromPayer && p.status === 'confirmed')
      return { text: amount ? t('payAgain.reachedAmount', { amount }) : t('payAgain.reached') }
    if (fromPayer && p.status === 'confirming') return { text: onItsWay() }
  }
  if (paying && paying.optionId === option.id && sameAccount(paying.payer, payer))
    return { text: t('payAgain.otherTab') }
  return null
}
