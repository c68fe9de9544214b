import type { ApiKey } from '@paylink/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { createApiKey, listApiKeys, revokeApiKey } from '../../../api/merchant.js'
import { ConfirmDanger } from '../ConfirmDanger.js'
import { ActionError, DashTable, QueryList, TimeCell } from '../DashTable.js'
import { ShownOnce } from '../ShownOnce.js'
import { useCreateForm, useRowAction } from '../listMutations.js'
import { SubmitButton } from '../Field.js'
import { formatDateTime } from '../format.js'

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const revoke = useRowAction({
    mutationFn: () => revokeApiKey(apiKey.id),
    listKey: ['api-keys'],
    onSuccess: () =>
      queryClient.setQueryData<ApiKey[]>(['api-keys'], (keys) => keys?.filter((k) => k.id !== apiKey.id)),
  })
  return (
    <tr data-testid={`api-key-${apiKey.name}`}>
      <td data-label="Name">{apiKey.name}</td>
      <td data-label="Prefix">
        <code>{apiKey.prefix}…</code>
      </td>
      <TimeCell label="Created" at={apiKey.createdAt} />
      <td data-label="Last used">
        {apiKey.lastUsedAt ? <time dateTime={apiKey.lastUsedAt}>{formatDateTime(apiKey.lastUsedAt)}</time> : 'Never'}
      </td>
      <td data-label="">
        {confirming ? (
          <ConfirmDanger
            label={`Revoke ${apiKey.name}?`}
            warning="Apps using it stop working at once."
            confirm="Yes, revoke"
            pendingText="Revoking…"
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate()}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <button type="button" aria-label={`Revoke ${apiKey.name}`} onClick={() => setConfirming(true)}>
            Revoke
          </button>
        )}
        <ActionError action={revoke} />
      </td>
    </tr>
  )
}

export function ApiKeysPage() {
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: listApiKeys })
  const { create, created, setCreated, errors, setErrors, values, set } = useCreateForm({
    mutationFn: createApiKey,
    listKey: ['api-keys'],
    idPrefix: 'api-key',
    initial: { name: '' },
  })
  const { name } = values
  // The form has one field: a refusal of anything else still shows under it.
  const nameError =
    errors.name ?? errors[''] ?? (Object.keys(errors).length > 0 ? 'The key could not be created.' : null)
  const setNameError = (error: string | null) => setErrors(error ? { name: error } : {})

  return (
    <section className="card" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p className="dash-muted">
        For your shop's server: create and list payment links without a wallet. Managing keys needs a wallet sign-in.
      </p>
      {created && (
        <ShownOnce
          title={`API key “${created.name}” created`}
          value={created.token}
          copyLabel="Copy token"
          testId="api-key-token"
          onDone={() => setCreated(null)}
        >
          <p>
            <strong>Copy the token now: it is shown only this once.</strong> Paylink keeps only a hash of it. Send it as{' '}
            <code>Authorization: Bearer &lt;token&gt;</code> to <code>POST /api/links</code> and{' '}
            <code>GET /api/links</code>.
          </p>
        </ShownOnce>
      )}
      <form
        className="dash-inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const trimmed = name.trim()
          if (!trimmed) return setNameError('Key name is required')
          if (trimmed.length > 64) return setNameError('must be at most 64 characters')
          setNameError(null)
          create.mutate(trimmed)
        }}
      >
        <div className={`field${nameError ? ' field-invalid' : ''}`}>
          <label htmlFor="api-key-name">Key name</label>
          <input
            id="api-key-name"
            value={name}
            maxLength={64}
            placeholder="e.g. Shop backend"
            aria-invalid={Boolean(nameError)}
            {...(nameError ? { 'aria-describedby': 'api-key-name-error' } : {})}
            onChange={(e) => set('name', e.target.value)}
          />
          {nameError && (
            <p className="field-error" id="api-key-name-error">
              {nameError}
            </p>
          )}
        </div>
        <SubmitButton pending={create.isPending} pendingText="Creating…">
          Create key
        </SubmitButton>
      </form>

      <QueryList
        query={keys}
        loading="Loading your keys…"
        what="Your keys"
        empty={<p className="dash-empty-inline">No API keys yet. Name one above to create it.</p>}
      >
        {(rows) => (
          <DashTable testId="api-keys-table" columns={['Name', 'Prefix', 'Created', 'Last used', '']}>
            {rows.map((k) => (
              <KeyRow key={k.id} apiKey={k} />
            ))}
          </DashTable>
        )}
      </QueryList>
    </section>
  )
}
