import { createPaymentBodySchema } from '@paylink/shared'

/**
 * The transactions this browser sent for a link, so a reopened page can show "your payment"
 * and hand the server any hash it never got (the tab closed between the wallet and the POST).
 * The server stays the judge: this is only a list of hashes.
 */
export interface RememberedPayment {
  caipNetworkId: string
  txHash: string
}

const key = (linkId: string) => `paylink:payments:${linkId}`

type Store = Pick<Storage, 'getItem' | 'setItem'>

function browserStorage(): Store | null {
  try {
    return window.localStorage
  } catch {
    return null // storage disabled: the page works, it just forgets
  }
}

export function rememberedPayments(linkId: string, store: Store | null = browserStorage()): RememberedPayment[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(key(linkId)) ?? '[]')
    if (!Array.isArray(parsed)) return []
    // Each namespace's own id format (EVM 0x hash, Solana signature, Bitcoin txid): a 0x-only
    // check forgot every Solana and Bitcoin payment, so the checkout never showed "your payment".
    return parsed.filter((p): p is RememberedPayment => createPaymentBodySchema.safeParse(p).success)
  } catch {
    return []
  }
}

export function rememberPayment(linkId: string, payment: RememberedPayment, store: Store | null = browserStorage()): void {
  const list = rememberedPayments(linkId, store)
  if (list.some((p) => p.txHash.toLowerCase() === payment.txHash.toLowerCase() && p.caipNetworkId === payment.caipNetworkId)) return
  store?.setItem(key(linkId), JSON.stringify([...list, payment].slice(-20)))
}
