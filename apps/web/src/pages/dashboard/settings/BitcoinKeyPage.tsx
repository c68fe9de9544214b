import type { ReceivingKey } from '@paylink/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Fragment, useState } from 'react'
import { ApiRequestError } from '../../../api/client.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { CopyButton } from '../../../components/CopyButton.js'
import { ConfirmDanger } from '../ConfirmDanger.js'
import { ActionError, LoadError } from '../DashTable.js'
import { Field, SubmitButton } from '../Field.js'
import { formatDateTime } from '../format.js'
import { useSaveSetting } from './useSaveSetting.js'
import { getBitcoinKey, removeBitcoinKey, saveBitcoinKey } from './receivingKeyApi.js'
import { shortenKey } from './shortenKey.js'

const queryKey = ['bitcoin-receiving-key']

/** The server's sentence without the field name it starts with (`body.key: …`): the form shows it under the field. */
function keyError(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return 'The key could not be saved. Try again.'
  return error.message.replace(/^body(\.key)?:\s*/, '')
}

function SavedKey({ saved }: { saved: ReceivingKey }) {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const remove = useMutation({
    mutationFn: removeBitcoinKey,
    onSuccess: () => queryClient.setQueryData(queryKey, null),
  })
  return (
    <div data-testid="bitcoin-key-saved">
      <dl className="facts">
        <dt>Saved key</dt>
        <dd>
          <code title={saved.key}>{shortenKey(saved.key)}</code> <CopyButton value={saved.key} />
        </dd>
        <dt>Addresses</dt>
        <dd>
          {saved.script === 'tr' ? 'Taproot (P2TR, BIP86)' : 'Native segwit (P2WPKH, BIP84)'},{' '}
          {saved.networkKind === 'mainnet' ? 'Bitcoin mainnet' : 'test networks'}
        </dd>
        <dt>Next index</dt>
        <dd data-testid="bitcoin-key-next-index">
          {saved.nextIndex}{' '}
          <span className="dash-muted">(the next link gets receive address /0/{saved.nextIndex})</span>
        </dd>
        {saved.nextAddresses.map(({ caipNetworkId, address }) => (
          <Fragment key={caipNetworkId}>
            <dt>Next address</dt>
            <dd>
              <code>{address}</code> <span className="tag">{caipNetworkId}</span>
            </dd>
          </Fragment>
        ))}
        <dt>Saved</dt>
        <dd>
          <time dateTime={saved.updatedAt}>{formatDateTime(saved.updatedAt)}</time>
        </dd>
      </dl>
      {saved.nextIndex > 20 && (
        <p className="dash-muted">
          {saved.nextIndex} addresses have been given out: if many links stay unpaid, set your wallet's address gap
          limit above 20 (to at least {saved.nextIndex}) so it sees every payment.
        </p>
      )}
      {confirming ? (
        <ConfirmDanger
          label="Remove the Bitcoin key?"
          warning="New BTC links will need a key again; existing links keep their addresses."
          confirm="Yes, remove"
          pendingText="Removing…"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Remove key
        </button>
      )}
      <ActionError action={remove} />
    </div>
  )
}

/**
 * The demo's shortcut: the Dev Wallet's Bitcoin receiving account (a public, demo-only key) saved
 * in one press, so a visitor can create a BTC link without a wallet of their own. Loaded on the
 * press: the Dev Wallet's code is not part of a real instance's dashboard.
 */
function DevWalletKey({ onUse, busy }: { onUse: (key: string) => void; busy: boolean }) {
  const [loading, setLoading] = useState(false)
  return (
    <div className="dash-devwallet-key" data-testid="dev-wallet-bitcoin-key">
      <p className="dash-muted">
        Demo: the Dev Wallet has a Bitcoin account to receive on (regtest, a watch-only <code>tpub</code>; its keys are
        public, for testing only).
      </p>
      <button
        type="button"
        disabled={busy || loading}
        onClick={async () => {
          setLoading(true)
          try {
            const { devWalletBitcoinReceivingKey } = await import('@paylink/devnet/wallet')
            onUse(devWalletBitcoinReceivingKey())
          } finally {
            setLoading(false)
          }
        }}
      >
        Use as receiving key
      </button>
    </div>
  )
}

/** Settings -> Bitcoin receiving key: the watch-only key each BTC link derives its own address from. */
export function BitcoinKeyPage() {
  const { demo } = usePaylinkConfig()
  const saved = useQuery({ queryKey, queryFn: getBitcoinKey })
  const [input, setInput] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { save, done, setDone } = useSaveSetting({
    mutationFn: saveBitcoinKey,
    queryKey,
    onSaved: () => {
      setInput('')
      setError(null)
    },
    onRefused: (e) => setError(keyError(e)),
  })

  return (
    <section className="card" aria-labelledby="bitcoin-key-title">
      <h2 id="bitcoin-key-title">Bitcoin receiving key</h2>
      <p className="dash-muted">
        Paste your wallet's <strong>account public key</strong> (xpub or zpub; tpub or vpub on test networks) or an
        output descriptor (<code>wpkh(…)</code>, <code>tr(…)</code>). Each BTC link gets a fresh address derived from it
        (<code>/0/i</code>, never reused), so every payment is told apart. A bare xpub/tpub gives native segwit
        addresses, as BIP84 wallets do. Never paste a private key (xprv, tprv, a seed): Paylink refuses them and needs
        none.
      </p>
      {saved.isPending && <p role="status">Loading your key…</p>}
      {saved.isError && <LoadError what="Your key" error={saved.error} retry={saved.refetch} />}
      {saved.data && <SavedKey saved={saved.data} />}
      {saved.data === null && (
        <p className="dash-empty-inline">No key saved yet: BTC links cannot be created until you save one.</p>
      )}
      {demo && !saved.data && (
        <DevWalletKey
          busy={save.isPending}
          onUse={(key) => {
            setDone(false)
            setError(null)
            save.mutate(key)
          }}
        />
      )}
      {done && (
        <p role="status" className="dash-muted">
          Key saved.
        </p>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const trimmed = input.trim()
          setDone(false)
          if (!trimmed) return setError('is required')
          setError(null)
          save.mutate(trimmed)
        }}
      >
        <Field
          id="bitcoin-key"
          label={saved.data ? 'Replace with another key' : 'Watch-only key'}
          {...(error ? { error } : {})}
          hint="xpub…, zpub…, tpub…, vpub…, wpkh(…) or tr(…)"
        >
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={512}
              spellCheck={false}
              autoComplete="off"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              data-testid="bitcoin-key-input"
            />
          )}
        </Field>
        <SubmitButton pending={save.isPending} pendingText="Saving…">
          {saved.data ? 'Replace key' : 'Save key'}
        </SubmitButton>
      </form>
    </section>
  )
}
