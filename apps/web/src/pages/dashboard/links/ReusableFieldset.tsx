import { payerFieldNames, type PayerFieldName } from '@paylink/shared'
import { Field, TextField } from '../Field.js'
import type { FieldErrors } from './fieldErrors.js'
import type { ReusableFormValues } from './reusableForm.js'

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
  return (
    <fieldset className="dash-options" data-testid="reusable-fields">
      <legend>Many payers</legend>
      <label>
        <input
          type="checkbox"
          data-testid="link-reusable"
          checked={values.on}
          onChange={(e) => set('on', e.target.checked)}
        />{' '}
        Reusable: every payer gets an order of their own (a product page, a donation link)
      </label>
      {values.on && (
        <>
          <TextField
            id={idOf('max-orders')}
            label="Stock (most orders) (optional)"
            error={errors.maxOrders}
            hint="Orders paid or still open. Beyond it the checkout says Sold out. Empty: no limit."
            inputMode="numeric"
            value={values.maxOrders}
            onChange={(value) => set('maxOrders', value)}
          />
          <div className="dash-form-row">
            <TextField
              id={idOf('quantity-min')}
              label="Quantity from (optional)"
              error={errors['quantity.min'] ?? errors.quantity}
              inputMode="numeric"
              placeholder="1"
              value={values.quantityMin}
              onChange={(value) => set('quantityMin', value)}
            />
            <TextField
              id={idOf('quantity-max')}
              label="Quantity up to (optional)"
              error={errors['quantity.max']}
              hint="The payer picks how many; the amount multiplies."
              inputMode="numeric"
              placeholder="1"
              value={values.quantityMax}
              onChange={(value) => set('quantityMax', value)}
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
          <label>
            <input
              type="checkbox"
              data-testid="link-donation"
              checked={values.donation}
              onChange={(e) => set('donation', e.target.checked)}
            />{' '}
            The payer types the amount (donation), in the price currency above or else in the option's asset
          </label>
          {values.donation && (
            <div className="dash-form-row">
              <TextField
                id={idOf('donation-minimum')}
                label="Minimum (optional)"
                error={errors['donation.minimum']}
                inputMode="decimal"
                value={values.minimum}
                onChange={(value) => set('minimum', value)}
              />
              <TextField
                id={idOf('donation-suggested')}
                label="Suggested amounts (optional)"
                error={errors['donation.suggested'] ?? errors['donation.currency']}
                hint="Separated by commas, e.g. 5, 10, 25."
                value={values.suggested}
                onChange={(value) => set('suggested', value)}
              />
            </div>
          )}
          {values.donation && (
            <label>
              <input
                type="checkbox"
                data-testid="link-pos"
                checked={values.pos}
                onChange={(e) => set('pos', e.target.checked)}
              />{' '}
              Point of sale: shop devices ring up sales at a keypad (/pos/…), the amount typed in the price currency
              above
              {errors.pos && (
                <span className="error" role="alert">
                  {' '}
                  {errors.pos}
                </span>
              )}
            </label>
          )}
        </>
      )}
    </fieldset>
  )
}
