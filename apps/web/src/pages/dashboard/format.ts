import type { Asset, LinkStatus, Network, PaymentReason, PaymentStatus } from '@paylink/shared'

/** Small pure formatters the dashboard pages share. */

export const linkStatusLabels: Record<LinkStatus, string> = {
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  expired: 'Expired',
}

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
export function assetLabel(asset: Pick<Asset, 'name' | 'caipNetworkId'>, networks: ReadonlyArray<Pick<Network, 'caipNetworkId' | 'name'>>): string {
  const network = networks.find((n) => n.caipNetworkId === asset.caipNetworkId)
  return `${asset.name} on ${network?.name ?? asset.caipNetworkId}`
}

/** The explorer's page of a transaction, or null when the network has no explorer configured. */
export function explorerTxUrl(blockExplorerUrl: string | null | undefined, txHash: string): string | null {
  if (!blockExplorerUrl) return null
  return `${blockExplorerUrl.replace(/\/+$/, '')}/tx/${txHash}`
}

/** 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 -> 0xf39F…2266 (the full value goes in a title). */
export function shortHex(value: string, keep = 4): string {
  return value.length <= 2 + keep * 2 + 1 ? value : `${value.slice(0, 2 + keep)}…${value.slice(-keep)}`
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
