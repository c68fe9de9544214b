import type { Link, LinkOption } from '../links.js'

/** The merchant's own address: the options' recipient. */
export const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/**
 * A link as the public API answers it, open, with no payments: what the checkout's tests (the web
 * app's, and the server's shell render) build on, each spelling out only what it is about.
 */
export function checkoutLink(options: LinkOption[], extra: Partial<Link> = {}): Link {
  return {
    id: 'lnk_1',
    title: 'Coffee beans',
    description: null,
    merchantAddress: RECIPIENT,
    status: 'open',
    expiresAt: null,
    createdAt: '',
    paidAt: null,
    deactivatedAt: null,
    successUrl: null,
    receiptEmail: true,
    price: null,
    fiat: null,
    underpaymentTolerancePercent: '0',
    latePaymentGraceSeconds: 0,
    version: 1,
    options,
    payments: [],
    merchant: { displayName: null, logoUrl: null, brandColor: null },
    merchantNotified: false,
    receiptNumber: 'PL-0000-0000',
    reusable: null,
    order: null,
    ...extra,
  }
}
