import type { Asset, Network, PaymentReason, PaymentStatus } from '@paylink/shared'

/** Small pure formatters the dashboard pages share. */

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  confirming: 'Confirming',
  confirmed: 'Confirmed',
  failed: 'Failed',
  reverted: 'Reverted',
}

export const paymentReasonTexts: Record<PaymentReason, string> = {
  wrong_network: 'sent on a network this link does not accept',
  tx_not_found: 'the network does not know this transaction',
  tx_reverted: 'the transaction reverted',
  wrong_recipient: 'sent to another address',
  wrong_token: 'a token this link does not accept',
  no_transfer: 'the transaction moves no accepted asset',
  already_credited: 'this transfer already paid another payment',
  reorged_out: 'taken out of the chain by a reorganisation; waiting for it again',
  dropped: 'dropped from the chain',
}

/** "Test USD on Paylink Devnet": what a merchant recognises, not a CAIP-19 id. */
export function assetLabel(
  asset: Pick<Asset, 'name' | 'caipNetworkId'>,
  networks: ReadonlyArray<Pick<Network, 'caipNetworkId' | 'name'>>,
): string {
  const network = networks.find((n) => n.caipNetworkId === asset.caipNetworkId)
  return `${asset.name} on ${network?.name ?? asset.caipNetworkId}`
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/** "in 23 h", "in 6 d", "3 min ago": how far a time is from now, coarse on purpose. */
export function formatRelative(iso: string, now: number): string {
  const ms = new Date(iso).getTime() - now
  const abs = Math.abs(ms)
  const units: Array<[number, string]> = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
  ]
  const [size, unit] = units.find(([size]) => abs >= size) ?? [1000, 's']
  const count = Math.floor(abs / size)
  return ms >= 0 ? `in ${count} ${unit}` : `${count} ${unit} ago`
}

/**
 * A decimal amount for people: "12345.678912345" -> "12,345.678912…" (thousands grouped, at most
 * `maxFraction` decimals, cut rather than rounded and marked with "…" so it never reads as more
 * than it is). Works on the string: money is never a JS number. Show the exact value on hover.
 */
export function formatAmount(decimal: string, maxFraction = 6): string {
  const [whole = '0', fraction = ''] = decimal.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const cut = fraction.slice(0, maxFraction)
  const shown = cut.replace(/0+$/, '')
  const more = fraction.length > maxFraction && /[1-9]/.test(fraction.slice(maxFraction))
  return `${grouped}${shown || more ? `.${shown || cut}` : ''}${more ? '…' : ''}`
}

/** Confirmations as a merchant reads them: "confirmed" once enough, never "2/1". */
export function formatConfirmations(confirmations: number, required: number): string {
  return confirmations >= required ? 'confirmed' : `${confirmations} of ${required}`
}
