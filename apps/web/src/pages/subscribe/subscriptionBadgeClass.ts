import type { SubscriptionStatus } from '@paylink/shared'

/** Each status's badge colour, the links' badges' own (styles.css); the payer pages and the dashboard word them. */
export const subscriptionBadgeClass: Record<SubscriptionStatus, string> = {
  incomplete: 'badge-partially_paid',
  trialing: 'badge-open',
  active: 'badge-paid',
  past_due: 'badge-late',
  canceled: 'badge-expired',
}
