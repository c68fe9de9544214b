import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { rotateWebhookSecret } from '../../../api/merchantFeed.js'
import { formatDateTime } from '../format.js'
import { WebhookSecretOnce } from './WebhookSecretOnce.js'

/**
 * Replaces the link's webhook signing secret after a confirmation, and shows the new one once.
 * The old secret keeps signing beside it for 24 h, so the receiver can switch without missing an event.
 */
export function RotateSecretButton({ linkId }: { linkId: string }) {
  const [asking, setAsking] = useState(false)
  const rotate = useMutation({ mutationFn: () => rotateWebhookSecret(linkId), onSettled: () => setAsking(false) })
  return (
    <>
      {asking ? (
        <span className="dash-confirm" role="group" aria-label="Rotate the signing secret">
          <span>Make a new signing secret? The current one keeps working for 24 h.</span>
          <button
            type="button"
            className="primary"
            autoFocus
            onClick={() => rotate.mutate()}
            disabled={rotate.isPending}
          >
            {rotate.isPending ? 'Rotating…' : 'Rotate secret'}
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </span>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          Rotate secret…
        </button>
      )}
      {rotate.isError && (
        <p role="alert" className="error">
          The secret could not be rotated: {rotate.error.message}
        </p>
      )}
      {rotate.data && (
        <>
          <WebhookSecretOnce value={rotate.data.webhookSecret} onDone={() => rotate.reset()} />
          <p className="dash-small" role="status">
            Deliveries carry a signature with the old secret too until{' '}
            {formatDateTime(rotate.data.previousSecretExpiresAt)}.
          </p>
        </>
      )}
    </>
  )
}
