import { payerFieldNames, type CreateLinkBody, type PayerFieldName } from '@paylink/shared'

/** The New link form's reusable part, as typed (strings: the server's schema checks them). */
export interface ReusableFormValues {
  on: boolean
  /** '' for no limit. */
  maxOrders: string
  /** Both '' for one item per order. */
  quantityMin: string
  quantityMax: string
  fields: Record<PayerFieldName, 'off' | 'optional' | 'required'>
  /** The payer types the amount (`amount: "payer"`). */
  donation: boolean
  minimum: string
  /** Comma-separated. */
  suggested: string
  /** A point of sale (`pos: true`): a donation in the price currency that shop devices ring up. */
  pos: boolean
}

export const newReusableForm = (): ReusableFormValues => ({
  on: false,
  maxOrders: '',
  quantityMin: '',
  quantityMax: '',
  fields: { name: 'off', email: 'off', shippingAddress: 'off', note: 'off' },
  donation: false,
  minimum: '',
  suggested: '',
  pos: false,
})

/** Numbers as the schema wants them, or the text itself so the schema names the field that is wrong. */
const wholeOr = (text: string): number | string => (/^\d{1,9}$/.test(text) ? Number(text) : text)

/**
 * The create body's reusable fields from the form: left out entirely when the link is not
 * reusable; on a donation link the currency is the form's price currency (or none: the asset).
 */
export function reusableBody(
  values: ReusableFormValues | undefined,
  priceCurrency: string,
): Partial<Pick<CreateLinkBody, 'reusable' | 'maxOrders' | 'quantity' | 'fields' | 'amount' | 'donation' | 'pos'>> {
  if (!values?.on) return {}
  const min = values.quantityMin.trim()
  const max = values.quantityMax.trim()
  const maxOrders = values.maxOrders.trim()
  const fields = payerFieldNames
    .filter((name) => values.fields[name] !== 'off')
    .map((name) => ({ name, ...(values.fields[name] === 'required' ? { required: true } : {}) }))
  const suggested = values.suggested
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const body = {
    reusable: true,
    ...(maxOrders ? { maxOrders: wholeOr(maxOrders) } : {}),
    ...(min || max ? { quantity: { min: wholeOr(min || '1'), max: wholeOr(max || min) } } : {}),
    ...(fields.length ? { fields } : {}),
    ...(values.donation
      ? {
          amount: 'payer' as const,
          donation: {
            ...(priceCurrency ? { currency: priceCurrency } : {}),
            ...(values.minimum.trim() ? { minimum: values.minimum.trim() } : {}),
            ...(suggested.length ? { suggested } : {}),
          },
          ...(values.pos ? { pos: true } : {}),
        }
      : {}),
  }
  // Wrong numbers stay strings here: the schema then refuses them, naming the field.
  return body as Partial<
    Pick<CreateLinkBody, 'reusable' | 'maxOrders' | 'quantity' | 'fields' | 'amount' | 'donation' | 'pos'>
  >
}
