import { useMutation } from '@tanstack/react-query'
import { sendTestWebhook } from '../../../api/merchant.js'

/** Sends a signed `webhook.test` event now and says what the receiver answered. */
export function TestWebhookButton({ linkId }: { linkId: string }) {
  const test = useMutation({ mutationFn: () => sendTestWebhook(linkId) })
  const result = test.data
  return (
    <div className="dash-webhook-test">
      <button type="button" onClick={() => test.mutate()} disabled={test.isPending} data-testid="webhook-test">
        {test.isPending ? 'Sending…' : 'Send a test webhook'}
      </button>
      <span role="status" data-testid="webhook-test-result">
        {result &&
          (result.delivered
            ? `Delivered: your endpoint answered HTTP ${result.statusCode} in ${result.durationMs} ms.`
            : `Not delivered: ${result.error ?? 'no answer'}.`)}
      </span>
      {test.isError && (
        <p role="alert" className="error">
          {test.error.message}
        </p>
      )}
    </div>
  )
}
