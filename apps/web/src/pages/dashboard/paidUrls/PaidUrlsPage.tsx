import {
  paidUrlContentTypes,
  maxPaidUrlContentBytes,
  type Asset,
  type CreatePaidUrlBody,
  type Health,
  type PaidUrl,
  type PublicConfig,
} from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { getHealth } from '../../../api/health.js'
import { listPayments } from '../../../api/merchant.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { CopyButton } from '../../../components/CopyButton.js'
import { ActionError, DashTable, LoadError, QueryList, TimeCell } from '../DashTable.js'
import { Field, TextField, SubmitButton } from '../Field.js'
import { ErrorText } from '../../../components/ErrorText.js'
import { type FieldErrors } from '../links/fieldErrors.js'
import { useCreateForm, useRowAction } from '../listMutations.js'
import { assetLabel, formatAmount } from '../format.js'
import { createPaidUrl, listPaidUrls, setPaidUrlDisabled, x402Networks } from './paidUrlsApi.js'

/** The tokens a paid URL may be priced in: configured, on a network the facilitator settles on, EIP-3009 on EVM. */
export function x402Assets(assets: readonly Asset[], networks: readonly string[]): Asset[] {
  return assets.filter(
    (asset) =>
      !asset.native &&
      networks.includes(asset.caipNetworkId) &&
      (!asset.caipNetworkId.startsWith('eip155:') || asset.eip712 !== undefined),
  )
}

/** One sentence per gas key and network: its balance, and what to do when it is under the threshold. */
export function gasSentences(health: Health | undefined, networks: PublicConfig['networks']): string[] {
  const gas = health?.x402Gas
  if (!gas) return []
  return [gas, ...(gas.solana ? [gas.solana] : [])].flatMap((key) =>
    key.networks.map(({ caipNetworkId, balance, low }) => {
      const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
      const name = network?.name ?? caipNetworkId
      const coin = network?.nativeCurrency.symbol ?? ''
      if (balance === null) return `${name}: the balance cannot be read right now.`
      if (!low) return `${name}: ${balance} ${coin}.`
      return `${name}: ${balance} ${coin}, under ${key.threshold}. Send ${coin} to ${key.address} or x402 payments there stop settling.`
    }),
  )
}

function GasSection() {
  const config = usePaylinkConfig()
  const health = useQuery({ queryKey: ['health'], queryFn: getHealth, refetchInterval: 30_000 })
  const sentences = gasSentences(health.data, config.networks)
  if (sentences.length === 0) return null
  return (
    <section className="card" aria-labelledby="x402-gas-title" data-testid="x402-gas">
      <h2 id="x402-gas-title">x402 gas</h2>
      <p className="dash-muted">
        Paylink pays the network fee of each x402 payment from its own gas key, never from the payment. Under the
        threshold (X402_LOW_GAS_EVM, X402_LOW_GAS_SOLANA) every dashboard page warns.
      </p>
      <ul className="x402-gas">
        {sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
  )
}

type Answer = 'target' | 'content'
const answerChoices: ReadonlyArray<[Answer, string]> = [
  ['target', 'The answer of a URL Paylink fetches'],
  ['content', 'A text you give here'],
]

function CreateForm({ assets }: { assets: Asset[] }) {
  const { networks } = usePaylinkConfig()
  const [asset, setAsset] = useState(assets[0]?.assetId ?? '')
  const [answer, setAnswer] = useState<Answer>('target')
  const [type, setType] = useState<(typeof paidUrlContentTypes)[number]>('text/plain')
  const { create, created, errors, setErrors, values, set, bind } = useCreateForm({
    mutationFn: createPaidUrl,
    listKey: ['paid-urls'],
    idPrefix: 'paid-url',
    initial: { title: '', description: '', amount: '', targetUrl: '', text: '' },
  })
  const { title, description, amount, targetUrl, text } = values
  const submit = () => {
    const found: FieldErrors = {}
    if (!title.trim()) found.title = 'is required'
    if (!/^(0|[1-9]\d*)(\.\d+)?$/.test(amount.trim())) found.amount = 'must be an amount such as 0.01'
    if (answer === 'target' && !targetUrl.trim()) found.targetUrl = 'is required'
    if (answer === 'content' && !text) found['content.text'] = 'is required'
    if (answer === 'content' && new Blob([text]).size > maxPaidUrlContentBytes)
      found['content.text'] = `must be at most ${maxPaidUrlContentBytes / 1024} KiB`
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const body: CreatePaidUrlBody = {
      title: title.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      asset,
      amount: amount.trim(),
      ...(answer === 'target' ? { targetUrl: targetUrl.trim() } : { content: { type, text } }),
    }
    create.mutate(body)
  }
  return (
    <section className="card" aria-labelledby="paid-url-new-title">
      <h2 id="paid-url-new-title">New paid URL</h2>
      <p className="dash-muted">
        A URL that answers HTTP 402 until the caller pays over x402, then your target's answer or your text. For APIs,
        files and AI agents: no server of your own needed.
      </p>
      {created && (
        <div className="dash-notice" role="status" data-testid="paid-url-created">
          <p>
            Created: <code className="break-all">{created.url}</code>{' '}
            <CopyButton value={created.url} label="Copy URL" />
          </p>
        </div>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <TextField {...bind('title')} label="Title" />
        <TextField {...bind('description')} label="Description (optional)" />
        <Field id="paid-url-asset" label="Paid in" error={errors.asset}>
          {(props) => (
            <select {...props} value={asset} onChange={(e) => setAsset(e.target.value)}>
              {assets.map((a) => (
                <option key={a.assetId} value={a.assetId}>
                  {a.symbol} ({assetLabel(a, networks)})
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField {...bind('amount')} label="Price per request" hint="In the token's units, such as 0.01" />
        <fieldset className="field">
          <legend>Answers a paid request with</legend>
          {answerChoices.map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="paid-url-answer" checked={answer === value} onChange={() => setAnswer(value)} />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        {answer === 'target' ? (
          <TextField
            {...bind('targetUrl', 'target')}
            label="Target URL"
            hint="https, fetched on each paid request (5 s, 1 MiB, no redirects); a failing target charges nobody"
          />
        ) : (
          <>
            <Field id="paid-url-type" label="Served as" error={errors['content.type']}>
              {(props) => (
                <select
                  {...props}
                  value={type}
                  onChange={(e) => setType(e.target.value as (typeof paidUrlContentTypes)[number])}
                >
                  {paidUrlContentTypes.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              id="paid-url-text"
              label="Text"
              error={errors['content.text']}
              hint={`At most ${maxPaidUrlContentBytes / 1024} KiB. Or load a text file:`}
            >
              {(props) => <textarea {...props} rows={5} value={text} onChange={(e) => set('text', e.target.value)} />}
            </Field>
            <input
              type="file"
              aria-label="Load the text from a file"
              accept=".txt,.md,.csv,.json,text/*,application/json"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) void file.text().then((loaded) => set('text', loaded))
              }}
            />
          </>
        )}
        <ErrorText error={errors['']} />
        <SubmitButton pending={create.isPending} pendingText="Creating…">
          Create paid URL
        </SubmitButton>
      </form>
    </section>
  )
}

function PaidUrlRow({ paidUrl }: { paidUrl: PaidUrl }) {
  const toggle = useRowAction({
    mutationFn: () => setPaidUrlDisabled(paidUrl.id, !paidUrl.disabled),
    listKey: ['paid-urls'],
  })
  return (
    <tr data-testid={`paid-url-${paidUrl.id}`}>
      <td data-label="Title">{paidUrl.title}</td>
      <td data-label="Price">
        {formatAmount(paidUrl.amount)} {paidUrl.symbol}
      </td>
      <td data-label="URL">
        <code className="break-all">{paidUrl.url}</code> <CopyButton value={paidUrl.url} label="Copy URL" />
      </td>
      <td data-label="Answers with">
        {paidUrl.targetUrl ? (
          <code className="break-all">{paidUrl.targetUrl}</code>
        ) : (
          `${paidUrl.content?.type} text, ${paidUrl.content?.bytes} bytes`
        )}
      </td>
      <td data-label="Status">{paidUrl.disabled ? 'Disabled (answers 404)' : 'On'}</td>
      <td data-label="">
        <button
          type="button"
          aria-label={`${paidUrl.disabled ? 'Enable' : 'Disable'} ${paidUrl.title}`}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {paidUrl.disabled ? 'Enable' : 'Disable'}
        </button>
        <ActionError action={toggle} />
      </td>
    </tr>
  )
}

function PaidUrlPayments() {
  // The first page of all payments, the x402 ones kept: a glance; the Payments page has them all.
  const payments = useQuery({
    queryKey: ['payments', 'x402-glance'],
    queryFn: () => listPayments({}, null, 100),
    refetchInterval: 10_000,
  })
  const x402 = payments.data?.payments.filter((p) => p.kind === 'x402') ?? []
  return (
    <section className="card" aria-labelledby="paid-url-payments-title">
      <h2 id="paid-url-payments-title">Recent x402 payments</h2>
      {payments.isError && <LoadError what="Payments" error={payments.error} retry={payments.refetch} />}
      {payments.data && x402.length === 0 && (
        <p className="dash-empty-inline">No x402 payments yet. They show here once a caller pays one of your URLs.</p>
      )}
      {x402.length > 0 && (
        <DashTable testId="paid-url-payments" columns={['Resource', 'Amount', 'Payer', 'When']}>
          {x402.map((p) => (
            <tr key={p.id}>
              <td data-label="Resource">{p.linkTitle}</td>
              <td data-label="Amount">
                {p.amount === null ? '—' : formatAmount(p.amount)} {p.symbol}
              </td>
              <td data-label="Payer">
                <code className="break-all">{p.payer}</code>
              </td>
              <TimeCell label="When" at={p.createdAt} />
            </tr>
          ))}
        </DashTable>
      )}
      <p>
        <Link to="/dashboard/payments">All payments</Link>, with filters and the CSV export.
      </p>
    </section>
  )
}

/** Dashboard -> Paid URLs: pay-per-request URLs Paylink serves over x402, their payments and the gas key. */
export function PaidUrlsPage() {
  const config = usePaylinkConfig()
  const networks = useQuery({ queryKey: ['x402-networks'], queryFn: x402Networks, staleTime: 60_000 })
  const paidUrls = useQuery({ queryKey: ['paid-urls'], queryFn: listPaidUrls })
  const assets = x402Assets(config.assets, networks.data ?? [])
  return (
    <>
      {networks.data && assets.length === 0 ? (
        <section className="card">
          <h2>Paid URLs</h2>
          <p>
            This Paylink settles no x402 payments: its operator has not set X402_EVM_PRIVATE_KEY, or no configured token
            takes x402 payments.
          </p>
        </section>
      ) : (
        assets.length > 0 && <CreateForm key={assets.length} assets={assets} />
      )}
      <section className="card" aria-labelledby="paid-urls-title">
        <h2 id="paid-urls-title">Your paid URLs</h2>
        <QueryList
          query={paidUrls}
          loading="Loading your paid URLs…"
          what="Your paid URLs"
          empty={<p className="dash-empty-inline">No paid URLs yet. Create one above and share its URL.</p>}
        >
          {(rows) => (
            <DashTable testId="paid-urls-table" columns={['Title', 'Price', 'URL', 'Answers with', 'Status', '']}>
              {rows.map((p) => (
                <PaidUrlRow key={p.id} paidUrl={p} />
              ))}
            </DashTable>
          )}
        </QueryList>
      </section>
      <PaidUrlPayments />
      <GasSection />
    </>
  )
}
