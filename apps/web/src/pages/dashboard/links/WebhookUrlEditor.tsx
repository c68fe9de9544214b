import type { WebhookDeliveryList } from '@paylink/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { updateWebhook } from '../../../api/merchant.js'
import { ConfirmDanger } from '../ConfirmDanger.js'
import { TextField } from '../Field.js'
import { fieldErrorsFromServer } from './fieldErrors.js'
import { RotateSecretButton } from './RotateSecretButton.js'
import { WebhookSecretOnce } from './WebhookSecretOnce.js'

/** The browser's first look; whether http or a host is allowed is the server's call. */
function checkUrl(value: string): string | null {
  if (!value) return 'is required'
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:' ? null : 'must be an http or https URL'
  } catch {
    return 'must be an absolute URL, like https://example.com/paylink'
  }
}

/**
 * Where the link's events go, and the controls to add, change or remove that URL. A changed
 * URL also takes the events still waiting; a link's first URL brings its signing secret,
 * shown once here.
 */
export function WebhookUrlEditor({ linkId, webhookUrl }: { linkId: string; webhookUrl: string | null }) {
  const queryClient = useQueryClient()
  const inputId = useId()
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  // Said once the form has closed, so keyboard and screen-reader users hear what happened.
  const [notice, setNotice] = useState<string | null>(null)

  const save = useMutation({
    mutationFn: (next: string | null) => updateWebhook(linkId, next),
    onSuccess: (settings) => {
      setMode('view')
      setError(null)
      setNotice(
        settings.webhookUrl
          ? 'Saved: events, including those still waiting, go to this URL.'
          : 'Removed: this link sends no more events.',
      )
      if (settings.webhookSecret) setSecret(settings.webhookSecret)
      queryClient.setQueryData<WebhookDeliveryList>(['deliveries', linkId], (old) =>
        old ? { ...old, webhookUrl: settings.webhookUrl } : old,
      )
      void queryClient.invalidateQueries({ queryKey: ['deliveries', linkId] })
      void queryClient.invalidateQueries({ queryKey: ['links'] })
    },
    onError: (failure) => {
      const errors = fieldErrorsFromServer(failure)
      setError(errors.webhookUrl ?? errors[''] ?? 'Something went wrong; try again.')
    },
  })

  const startEditing = () => {
    setValue(webhookUrl ?? '')
    setError(null)
    setNotice(null)
    save.reset()
    setMode('edit')
  }

  return (
    <>
      {secret && <WebhookSecretOnce value={secret} onDone={() => setSecret(null)} />}
      {notice && mode === 'view' && (
        <p role="status" className="dash-small dash-live" data-testid="webhook-notice">
          {notice}
        </p>
      )}
      {mode === 'edit' ? (
        <form
          className="dash-inline-form"
          aria-label="Where this link's events go"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            const trimmed = value.trim()
            const problem = checkUrl(trimmed)
            setError(problem)
            if (!problem) save.mutate(trimmed)
          }}
        >
          <TextField
            id={inputId}
            label="Webhook URL"
            error={error ?? undefined}
            hint={
              webhookUrl
                ? 'Events still waiting go here too; the signing secret stays the same.'
                : 'Paylink creates a signing secret and shows it once.'
            }
            autoFocus
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/paylink"
            value={value}
            onChange={setValue}
          />
          <button type="submit" className="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" onClick={() => setMode('view')} disabled={save.isPending}>
            Cancel
          </button>
        </form>
      ) : webhookUrl ? (
        <>
          <p className="dash-small">
            Events are POSTed to{' '}
            <code className="break" data-testid="webhook-url">
              {webhookUrl}
            </code>
          </p>
          {mode === 'remove' ? (
            <ConfirmDanger
              label="Remove the webhook URL"
              warning="Stop sending this link's events? Events still waiting will not be sent."
              confirm="Remove webhook"
              pendingText="Removing…"
              pending={save.isPending}
              onConfirm={() => save.mutate(null)}
              onCancel={() => setMode('view')}
            />
          ) : (
            <div className="actions">
              <button type="button" onClick={startEditing}>
                Change URL
              </button>
              <button
                type="button"
                onClick={() => {
                  setNotice(null)
                  setMode('remove')
                }}
              >
                Remove…
              </button>
              <RotateSecretButton linkId={linkId} />
            </div>
          )}
          {save.isError && mode === 'remove' && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="dash-empty-inline">This link has no webhook URL, so Paylink sends no events for it.</p>
          <div className="actions">
            <button type="button" onClick={startEditing}>
              Add a webhook URL
            </button>
          </div>
        </>
      )}
    </>
  )
}
