import { TextField } from '../Field.js'

/** The link's success page: where the checkout sends the payer after Paid (optional). */
export function SuccessUrlField({
  id,
  value,
  error,
  onChange,
}: {
  id: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <TextField
      id={id}
      label="Success page URL (optional)"
      error={error}
      hint="After paying, the payer is offered “Continue to” this page (and taken there after 5 s), with paylink_link_id added."
      type="url"
      inputMode="url"
      autoComplete="off"
      placeholder="https://example.com/thanks"
      value={value}
      onChange={onChange}
    />
  )
}
