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
    // Each namespace's own id format (EVM 0x hash, Solana signature, Bitcoin txid): a 0x-only check
    // forgot every Solana and Bitcoin payment. Patterns, not the shared zod schema: zod here would
    // put the schemas in the checkout's first paint; the server judges each id when handed over.
    return parsed.filter(isRememberedPayment)
  } catch {
    return []
  }
}

export function rememberPayment(
  linkId: string,
  payment: RememberedPayment,
  store: Store | null = browserStorage(),
): void {
  const list = rememberedPayments(linkId, store)
  if (
    list.some(
      (p) => p.txHash.toLowerCase() === payment.txHash.toLowerCase() && p.caipNetworkId === payment.caipNetworkId,
    )
  )
    return
  store?.setItem(key(linkId), JSON.stringify([...list, payment].slice(-20)))
}

const caipNetworkIdPattern = /^([-a-z0-9]{3,8}):[-_a-zA-Z0-9]{1,32}$/
/** Each namespace's transaction id, as the shared schema's transactionIdSchemas check it on the server. */
const transactionIdPatterns: Readonly<Record<string, RegExp>> = {
  eip155: /^0x[0-9a-fA-F]{64}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
  bip122: /^[0-9a-fA-F]{64}$/,
}

function isRememberedPayment(p: unknown): p is RememberedPayment {
  if (typeof p !== 'object' || p === null) return false
  const { caipNetworkId, txHash } = p as Record<string, unknown>
  if (typeof caipNetworkId !== 'string' || typeof txHash !== 'string') return false
  const pattern = transactionIdPatterns[caipNetworkIdPattern.exec(caipNetworkId)?.[1] ?? '']
  return pattern !== undefined && pattern.test(txHash)
}
