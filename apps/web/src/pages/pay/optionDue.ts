import { formatUnits, parseUnits, type LinkOption } from '@paylink/shared'

/**
 * What is still to pay on an option, in atomic units: the amount less what is confirmed and
 * what is already on its way (confirming), never below zero. A payer tops up a partial
 * payment instead of paying the whole amount again. The server's `due` when it gives one (a
 * fiat-priced link's remainder at the current quote, or nothing once paid within tolerance).
 */
export function optionDueAtomic(
  option: Pick<LinkOption, 'amount' | 'paid' | 'confirming' | 'decimals'> & { due?: string | null },
): bigint {
  if (option.due !== undefined && option.due !== null) return parseUnits(option.due, option.decimals)
  if (option.amount === null) return 0n
  const due =
    parseUnits(option.amount, option.decimals) -
    parseUnits(option.paid, option.decimals) -
    parseUnits(option.confirming, option.decimals)
  return due > 0n ? due : 0n
}

export function optionDue(
  option: Pick<LinkOption, 'amount' | 'paid' | 'confirming' | 'decimals'> & { due?: string | null },
): string {
  return formatUnits(optionDueAtomic(option), option.decimals)
}
