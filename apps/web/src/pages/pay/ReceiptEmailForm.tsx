import { useId, useState } from 'react'
import { requestReceiptEmail } from '../../api/checkout.js'
import { useLanguage } from '../../i18n/PayerLanguage.js'
import { useT } from '../../i18n/useT.js'
import { emailInputProps } from './emailInputProps.js'

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; sent: boolean; email: string }
  | { kind: 'error'; message: string }

/**
 * "Email me this receipt": offered only when the operator configured SMTP. Before payment the
 * server keeps the address until the link is paid; after, it sends at once. The address is used
 * for that one email and erased. The email is written in the language the page is in.
 */
export function ReceiptEmailForm({ linkId, paid }: { linkId: string; paid: boolean }) {
  const [email, setEmail] = useState('')
  const [state, setState] = useState<State>({ kind: 'idle' })
  const id = useId()
  const { t } = useT()
  const { language } = useLanguage()
  if (state.kind === 'done') {
    return (
      <p role="status" className="receipt-email-done" data-testid="receipt-email-status">
        {state.sent ? t('email.sent', { email: state.email }) : t('email.later', { email: state.email })}
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
          const answer = await requestReceiptEmail(linkId, email.trim(), language)
          setState({ kind: 'done', sent: answer.status === 'sent', email: email.trim() })
        } catch (error) {
          setState({ kind: 'error', message: (error as Error).message })
        }
      }}
    >
      <label htmlFor={`${id}-email`}>{paid ? t('email.thisReceipt') : t('email.optional')}</label>
      <div className="receipt-email-row">
        <input
          id={`${id}-email`}
          {...emailInputProps}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('email.placeholder')}
        />
        <button type="submit" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? t('email.sending') : paid ? t('email.thisReceipt') : t('email.theReceipt')}
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
