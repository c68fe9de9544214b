import { payerFieldNames, type CreateOrderBody, type OrderForm, type PayerDetails } from '@paylink/shared'
import { RequestValidationError } from '../errors.js'

export interface CheckOrderBodyReturnType {
  quantity: number
  /** Only the fields the link asks for. */
  payer: PayerDetails
}

/**
 * An order's body against its link's form (already shape-checked by createOrderBodySchema): the
 * quantity within the link's range (1 when it has none), every required field there, and no
 * field the merchant did not ask for, so nothing is collected beyond what the link asks.
 */
export function checkOrderBody(form: OrderForm | null, body: CreateOrderBody): CheckOrderBodyReturnType {
  const range = form?.quantity ?? { min: 1, max: 1 }
  const quantity = body.quantity ?? range.min
  if (quantity < range.min || quantity > range.max) {
    throw new RequestValidationError(
      range.min === range.max
        ? `body.quantity: this link sells ${range.min} at a time`
        : `body.quantity: must be from ${range.min} to ${range.max}`,
    )
  }
  const asked = new Map((form?.fields ?? []).map((field) => [field.name, field.required === true]))
  const given = body.payer ?? {}
  for (const name of payerFieldNames) {
    if (given[name] !== undefined && !asked.has(name))
      throw new RequestValidationError(`body.payer.${name}: this link does not ask for it`)
    if (given[name] === undefined && asked.get(name))
      throw new RequestValidationError(`body.payer.${name}: is required`)
  }
  return { quantity, payer: given }
}
