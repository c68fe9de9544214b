import { useState } from 'react'
import { CopyButton } from '../../components/CopyButton.js'
import { plainWalletError } from './plainWalletError.js'
import { useSignMessage } from '../../wallet/useSignMessage.js'
import type { WalletNamespace } from './walletNamespace.js'
import { ErrorText } from '../../components/ErrorText.js'

export function SignMessageForm({ namespace }: { namespace: WalletNamespace }) {
  const [message, setMessage] = useState('Hello from Paylink')
  const sign = useSignMessage(namespace)
  const id = `sign-${namespace}`
  return (
    <form
      className="tool"
      onSubmit={(e) => {
        e.preventDefault()
        sign.mutate(message)
      }}
    >
      <h3>Sign a message</h3>
      <label htmlFor={id}>Message</label>
      <textarea
        id={id}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        rows={2}
        required
        maxLength={2000}
      />
      <button type="submit" disabled={sign.isPending || !message}>
        {sign.isPending ? 'Waiting for the wallet…' : 'Sign'}
      </button>
      <ErrorText error={sign.isError && plainWalletError(sign.error)} />
      {sign.isSuccess && (
        <p className="result">
          Signature:{' '}
          <code data-testid={`signature-${namespace}`} className="break">
            {sign.data}
          </code>{' '}
          <CopyButton value={sign.data} />
        </p>
      )}
    </form>
  )
}
