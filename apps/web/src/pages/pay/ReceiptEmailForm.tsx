import { useId, useState } from 'react'
import { requestReceiptEmail } from '../../api/checkout.js'

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; sent: boolean; email: string }
  | { kind: 'error'; message: string }

/**
 * "Email me this receipt": offered only when the operator configured SMTP. Before payment the
 * server keeps the address until the link is paid; after, it sends at once. The address is used
 * for that one email and erased.
 */
export function ReceiptEmailForm({ linkId, paid }: { linkId: string; paid: boolean }) {
  const [email, setEmail] = useState('')
  const [state, setState] = useState<State>({ kind: 'idle' })
  const id = useId()
  if (state.kind === 'done') {
    return (
      <p role="status" className="receipt-email-done" data-testid="receipt-email-status">
        {state.sent
          ? `Receipt sent to ${state.email}.`
          : `We will email the receipt to ${state.email} once the payment is confirmed.`}
      </p>
    )
  }
  return (
    <form
      className="receipt-email no-print"
      data-testid="receipt-email-form"
      onSubmit={async (event) => {
        event.preventDefault()
        setState({ kind: 'sending' })
        try {
          const answer = await requestReceiptEmail(linkId, email.trim())
          setState({ kind: 'done', sent: answer.status === 'sent', email: email.trim() })
        } catch (error) {
          setState({ kind: 'error', message: (error as Error).message })
        }
      }}
    >
      <label htmlFor={`${id}-email`}>{paid ? 'Email me this receipt' : 'Email me the receipt (optional)'}</label>
      <div className="receipt-email-row">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
        <button type="submit" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending…' : paid ? 'Email me this receipt' : 'Email me the receipt'}
        </button>
      </div>
      {state.kind === 'error' && (
        <p role="alert" className="error">
          {state.message}
        </p>
      )}
    </form>
  )
}
