import { ShownOnce } from '../ShownOnce.js'

/** A link's webhook signing secret, the one time the server hands it out. */
export function WebhookSecretOnce({ value, onDone }: { value: string; onDone: () => void }) {
  return (
    <ShownOnce
      title="Webhook signing secret"
      value={value}
      copyLabel="Copy secret"
      testId="webhook-secret"
      onDone={onDone}
    >
      <p>
        <strong>Copy it now: it is shown only this once.</strong> Your webhook receiver uses it to check the{' '}
        <code>webhook-signature</code> header of each event (Standard Webhooks). Paylink will not show it again.
      </p>
    </ShownOnce>
  )
}
