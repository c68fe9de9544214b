import {
  createLinkBodySchemaFor,
  maxLateGraceSeconds,
  maxLinkExpirySeconds,
  type Asset,
  type CreateLinkBody,
  type FiatCurrency,
} from '@paylink/shared'
import { fieldErrorsFromIssues, type FieldErrors } from './fieldErrors.js'
import { reusableBody, type ReusableFormValues } from './reusableForm.js'

export interface LinkOptionValues {
  /** Stable React key: options can be removed from the middle. */
  key: string
  asset: string
  amount: string
  recipient: string
}

/** Preset lifetimes in seconds, or "custom" for a date and time the merchant picks. */
export const expiryPresets = [
  { value: 'none', label: 'Never' },
  { value: '3600', label: '1 hour' },
  { value: '86400', label: '24 hours' },
  { value: '604800', label: '7 days' },
  { value: 'custom', label: 'Custom…' },
] as const
export type ExpiryChoice = (typeof expiryPresets)[number]['value']

export interface LinkFormValues {
  title: string
  description: string
  options: LinkOptionValues[]
  expiry: ExpiryChoice
  /** `<input type="datetime-local">` value, local time: only with expiry "custom". */
  customExpiry: string
  webhookUrl: string
  successUrl: string
  /** False: the checkout offers no emailed receipt for this link (left out of the body when true, the default). */
  receiptEmail?: boolean
  /** '' prices each option in its asset; a currency prices the link in it and the options name only an asset. */
  priceCurrency: FiatCurrency | ''
  priceAmount: string
  /** Percent, '' for the server's default (0). */
  tolerance: string
  /** Minutes after expiry a late payment still counts, '' for the server's default. */
  graceMinutes: string
  /** Many payers buy from it (orders), a donation, stock, quantity, payer fields; absent: an ordinary link. */
  reusable?: ReusableFormValues
}

export type CheckedLinkForm = { ok: true; body: CreateLinkBody } | { ok: false; errors: FieldErrors }

/**
 * The form as the server's create body, checked with the server's own schema
 * (createLinkBodySchemaFor), so each error carries the key of the field it belongs to.
 * Empty optional inputs are left out: the server then applies its defaults (no expiry,
 * no webhook, the merchant's address as recipient).
 */
export function checkLinkForm(values: LinkFormValues, assets: readonly Asset[], now: number): CheckedLinkForm {
  const errors: FieldErrors = {}
  let expiresInSeconds: number | undefined
  if (values.expiry === 'custom') {
    const at = values.customExpiry ? new Date(values.customExpiry).getTime() : Number.NaN
    if (Number.isNaN(at)) errors.expiresInSeconds = 'pick a date and time'
    else if (at <= now) errors.expiresInSeconds = 'must be in the future'
    else if (at - now > maxLinkExpirySeconds * 1000) errors.expiresInSeconds = 'must be within a year'
    else expiresInSeconds = Math.max(1, Math.round((at - now) / 1000))
  } else if (values.expiry !== 'none') {
    expiresInSeconds = Number(values.expiry)
  }
  const donation = values.reusable?.on === true && values.reusable.donation
  // A donation's currency is the price currency: the payer types the amount, so there is no price.
  const fiat = values.priceCurrency !== '' && !donation
  const priceAmount = values.priceAmount.trim()
  if (fiat && !priceAmount) errors['price.amount'] = 'is required'
  const tolerance = values.tolerance.trim()
  let latePaymentGraceSeconds: number | undefined
  const grace = values.graceMinutes.trim()
  if (grace) {
    if (!/^\d{1,6}$/.test(grace)) errors.latePaymentGraceSeconds = 'must be a whole number of minutes'
    else if (Number(grace) * 60 > maxLateGraceSeconds)
      errors.latePaymentGraceSeconds = `must be at most ${maxLateGraceSeconds / 60} minutes (30 days)`
    else latePaymentGraceSeconds = Number(grace) * 60
  }
  const description = values.description.trim()
  const webhookUrl = values.webhookUrl.trim()
  const successUrl = values.successUrl.trim()
  const body = {
    title: values.title,
    ...(description ? { description: values.description } : {}),
    ...(fiat ? { price: { currency: values.priceCurrency, amount: priceAmount } } : {}),
    options: values.options.map((o) => ({
      asset: o.asset,
      ...(fiat || donation ? {} : { amount: o.amount.trim() }),
      ...(o.recipient.trim() ? { recipient: o.recipient.trim() } : {}),
    })),
    ...(expiresInSeconds !== undefined ? { expiresInSeconds } : {}),
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(successUrl ? { successUrl } : {}),
    ...(values.receiptEmail === false ? { receiptEmail: false } : {}),
    ...(tolerance ? { underpaymentTolerancePercent: tolerance } : {}),
    ...(latePaymentGraceSeconds !== undefined ? { latePaymentGraceSeconds } : {}),
    ...reusableBody(values.reusable, values.priceCurrency),
  }
  const result = createLinkBodySchemaFor(assets).safeParse(body)
  if (!result.success) Object.assign(errors, { ...fieldErrorsFromIssues(result.error.issues), ...errors })
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors }
  return { ok: true, body: result.data }
}
