import { webFamilyOf, type Transfer, type WebNamespace } from '@paylink/chains/web'

/**
 * The network fee of a transfer (and anything set aside with it) before the wallet is asked, for
 * the checkout and the wallet page alike; null asks for nothing (no valid transfer yet).
 */
export function useTransferFee(namespace: WebNamespace, transfer: Transfer | null) {
  return webFamilyOf(namespace).useTransferFee(transfer)
}
