import { payerFieldNames, type PayerFieldName } from '@paylink/shared'
import { CheckboxField, Field, TextField } from '../Field.js'
import type { FieldErrors } from './fieldErrors.js'
import type { ReusableFormValues } from './reusableForm.js'

type TextKey = 'maxOrders' | 'quantityMin' | 'quantityMax' | 'minimum' | 'suggested'

const fieldLabels: Record<PayerFieldName, string> = {
  name: 'Name',
  email: 'E-mail',
  shippingAddress: 'Shipping address',
  note: 'Note',
}

/**
 * The New link form's "many payers" part: a reusable link (each payer gets an order of their
 * own), its stock, the quantity range, the payer fields to ask and whether the payer types the
 * amount (a donation). Off, it adds nothing to the body.
 */
export function ReusableFieldset({
  idOf,
  values,
  errors,
  onChange,
}: {
  idOf: (name: string) => string
  values: ReusableFormValues
  errors: FieldErrors
  onChange: (values: ReusableFormValues) => void
}) {
  const set = <K extends keyof ReusableFormValues>(key: K, value: ReusableFormValues[K]) =>
    onChange({ ...values, [key]: value })
  // A text field's id, value, error and change handler, as the New link form's own `bind` gives them.
  const bind = (key: TextKey, id: string, error: string | undefined) => ({
    id: idOf(id),
    value: values[key],
    error,
    onChange: (value: string) => set(key, value),
  })
  return (
    <fieldset className="dash-options" data-testid="reusable-fields">
      <legend>Many payers</legend>
      <CheckboxField testId="link-reusable" checked={values.on} onChange={(on) => set('on', on)}>
        Reusable: every payer gets an order of their own (a product page, a donation link)
      </CheckboxField>
      {values.on && (
        <>
          <TextField
            {...bind('maxOrders', 'max-orders', errors.maxOrders)}
            label="Stock (most orders) (optional)"
            hint="Orders paid or still open. Beyond it the checkout says Sold out. Empty: no limit."
            inputMode="numeric"
          />
          <div className="dash-form-row">
            <TextField
              {...bind('quantityMin', 'quantity-min', errors['quantity.min'] ?? errors.quantity)}
              label="Quantity from (optional)"
              inputMode="numeric"
              placeholder="1"
            />
            <TextField
              {...bind('quantityMax', 'quantity-max', errors['quantity.max'])}
              label="Quantity up to (optional)"
              hint="The payer picks how many; the amount multiplies."
              inputMode="numeric"
              placeholder="1"
            />
          </div>
          {payerFieldNames.map((name) => (
            <Field key={name} id={idOf(`payer-${name}`)} label={`Ask the payer's ${fieldLabels[name].toLowerCase()}`}>
              {(props) => (
                <select
                  {...props}
                  value={values.fields[name]}
                  onChange={(e) =>
                    set('fields', {
                      ...values.fields,
                      [name]: e.target.value as ReusableFormValues['fields'][PayerFieldName],
                    })
                  }
                >
                  <option value="off">No</option>
                  <option value="optional">Yes, optional</option>
                  <option value="required">Yes, required</option>
                </select>
              )}
            </Field>
          ))}
          <CheckboxField testId="link-donation" checked={values.donation} onChange={(on) => set('donation', on)}>
            The payer types the amount (donation), in the price currency above or else in the option's asset
          </CheckboxField>
          {values.donation && (
            <div className="dash-form-row">
              <TextField
                {...bind('minimum', 'donation-minimum', errors['donation.minimum'])}
                label="Minimum (optional)"
                inputMode="decimal"
              />
              <TextField
                {...bind(
                  'suggested',
                  'donation-suggested',
                  errors['donation.suggested'] ?? errors['donation.currency'],
                )}
                label="Suggested amounts (optional)"
                hint="Separated by commas, e.g. 5, 10, 25."
              />
            </div>
          )}
          {values.donation && (
            <CheckboxField testId="link-pos" checked={values.pos} onChange={(on) => set('pos', on)}>
              Point of sale: shop devices ring up sales at a keypad (/pos/…), the amount typed in the price currency
              above
              {errors.pos && (
                <span className="error" role="alert">
                  {' '}
                  {errors.pos}
                </span>
              )}
            </CheckboxField>
          )}
        </>
      )}
    </fieldset>
  )
}
