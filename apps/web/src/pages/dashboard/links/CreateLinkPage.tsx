import { chainFactsOf } from '@paylink/chains/facts'
import {
  fiatCurrencyCodes,
  recipientProblem,
  type Asset,
  type FiatCurrency,
  type Link as PaymentLink,
} from '@paylink/shared'
import { isWebNamespace } from '@paylink/chains/web'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { createLink } from '../../../api/merchant.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { CheckboxField, Field, TextField, SubmitButton } from '../Field.js'
import { ErrorText } from '../../../components/ErrorText.js'
import { assetLabel } from '../format.js'
import { checkLinkForm, expiryPresets, type LinkFormValues, type LinkOptionValues } from './checkLinkForm.js'
import { fieldErrorsFromServer, type FieldErrors } from './fieldErrors.js'
import { SuccessUrlField } from './SuccessUrlField.js'
import { ReusableFieldset } from './ReusableFieldset.js'
import { newReusableForm } from './reusableForm.js'

/** What the link page needs to show once: the webhook secret of a link just created. */
export interface JustCreated {
  linkId: string
  webhookSecret: string | null
}

const maxOptions = 10

/** The form's fields held as one line of text. */
type TextFieldKey = 'title' | 'customExpiry' | 'webhookUrl' | 'successUrl' | 'tolerance' | 'graceMinutes'

/** The key of a field's error: the server names some fields otherwise than the form does. */
const errorKeyOf = (key: keyof LinkFormValues): string =>
  ({
    expiry: 'expiresInSeconds',
    customExpiry: 'expiresInSeconds',
    tolerance: 'underpaymentTolerancePercent',
    graceMinutes: 'latePaymentGraceSeconds',
  })[key as string] ?? key
let optionCounter = 0
const newOption = (asset: string, recipient: string): LinkOptionValues => ({
  key: `o${++optionCounter}`,
  asset,
  amount: '',
  recipient,
})

const namespaceOf = (assetId: string) => assetId.split(':')[0]!

/** What the recipient field starts as for an asset: the signed-in address where it is one of that chain's, else empty. */
function recipientFor(assetId: string, signedIn: string): string {
  return signedIn && recipientProblem(namespaceOf(assetId), signedIn) === null ? signedIn : ''
}

const recipientPlaceholders: Record<string, string> = {
  eip155: '0x…',
  solana: 'Solana address',
  bip122: 'Empty: your saved Bitcoin key',
}
const recipientHints: Record<string, string> = {
  solana: 'A Solana address (base58).',
  bip122: 'Empty: the next unused address from your watch-only key (Settings). Or a key, a descriptor, or an address.',
}

/** What the form starts from when a link is duplicated (router state from the link's page). */
export interface DuplicateState {
  duplicateOf: Pick<PaymentLink, 'title' | 'description' | 'options' | 'successUrl' | 'price'>
}

/**
 * The asset a new link starts with: a stablecoin where one is configured (what shops price in:
 * Test USD in the demo), else the first asset.
 */
export function defaultAssetOf(assets: readonly Asset[]): Asset | undefined {
  return assets.find((a) => !a.native && /^(USDC|USDT|DAI|EURC|PYUSD|TUSD)$|USD/i.test(a.symbol)) ?? assets[0]
}

/** Assets a link can ask for: every configured asset on a network of a family the server verifies. */
export function usePayableAssets(): { assets: Asset[]; label: (asset: Asset) => string } {
  const config = usePaylinkConfig()
  return useMemo(() => {
    const networkIds = new Set(config.networks.map((n) => n.caipNetworkId))
    return {
      assets: config.assets.filter(
        (a) => isWebNamespace(namespaceOf(a.caipNetworkId)) && networkIds.has(a.caipNetworkId),
      ),
      label: (asset: Asset) => assetLabel(asset, config.networks),
    }
  }, [config])
}

export function CreateLinkPage({
  defaultRecipient,
  onCreated,
}: {
  defaultRecipient: string
  onCreated: (created: JustCreated) => void
}) {
  const { assets, label } = usePayableAssets()
  const offersReceiptEmail = usePaylinkConfig().receiptEmail
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const formId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const duplicateOf = (useLocation().state as DuplicateState | null)?.duplicateOf
  const [values, setValues] = useState<LinkFormValues>(() => {
    const first = defaultAssetOf(assets)?.assetId ?? ''
    const copied = duplicateOf?.options.flatMap((o) => {
      const asset = assets.find((a) => a.assetId.toLowerCase() === o.asset.toLowerCase())
      // A Bitcoin option's recipient was derived for that link: the copy derives its own. A
      // fiat-priced link's amounts are quotes of the moment (or none): this form makes fixed
      // amounts only, so the merchant enters them rather than freezing a quote by accident.
      const amount = duplicateOf.price ? '' : (o.amount ?? '')
      return asset
        ? [{ ...newOption(asset.assetId, chainFactsOf(asset.assetId)?.watchOnlyKeys ? '' : o.recipient), amount }]
        : []
    })
    return {
      title: duplicateOf?.title ?? '',
      description: duplicateOf?.description ?? '',
      options: copied?.length ? copied : [newOption(first, recipientFor(first, defaultRecipient))],
      expiry: 'none',
      customExpiry: '',
      webhookUrl: '',
      successUrl: duplicateOf?.successUrl ?? '',
      receiptEmail: true,
      priceCurrency: duplicateOf?.price?.currency ?? '',
      priceAmount: duplicateOf?.price?.amount ?? '',
      tolerance: '',
      graceMinutes: '',
      reusable: newReusableForm(),
    }
  })
  const donation = values.reusable?.on === true && values.reusable.donation
  const [errors, setErrors] = useState<FieldErrors>({})
  // Bumped on each refused submit, so focus moves to the first invalid field every time.
  const [refusals, setRefusals] = useState(0)

  const create = useMutation({
    mutationFn: createLink,
    onSuccess: (created) => {
      const { webhookSecret, ...link } = created
      queryClient.setQueryData(['link', link.id], link)
      void queryClient.invalidateQueries({ queryKey: ['links'] })
      onCreated({ linkId: link.id, webhookSecret })
      void navigate(`/dashboard/links/${encodeURIComponent(link.id)}`)
    },
    onError: (error) => {
      setErrors(fieldErrorsFromServer(error))
      setRefusals((n) => n + 1)
    },
  })

  useEffect(() => {
    if (refusals === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])

  // Editing a field takes its error away; the next submit checks everything again.
  const clearErrors = (keys: string[]) =>
    setErrors((e) =>
      keys.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e,
    )
  const set = <K extends keyof LinkFormValues>(key: K, value: LinkFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    clearErrors([errorKeyOf(key)])
  }
  const setOption = (index: number, patch: Partial<LinkOptionValues>) => {
    setValues((v) => ({ ...v, options: v.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) }))
    clearErrors(Object.keys(patch).map((field) => `options.${index}.${field}`))
  }
  const unusedAsset = assets.find((a) => !values.options.some((o) => o.asset === a.assetId))

  if (assets.length === 0) {
    return (
      <section className="card">
        <h2>New payment link</h2>
        <p className="error" role="alert">
          No asset is configured, so no link can be created. Add networks and assets to the server's configuration.
        </p>
      </section>
    )
  }

  const assetOf = (id: string) => assets.find((a) => a.assetId === id)
  const fieldId = (name: string) => `${formId}-${name}`
  /** A text field's id (`${formId}-<id>`), value, error and change handler, for the form's field `key`. */
  const bind = (key: TextFieldKey, id: string = key) => ({
    id: fieldId(id),
    value: values[key],
    error: errors[errorKeyOf(key)],
    onChange: (value: string) => set(key, value),
  })

  return (
    <section className="card dash-form-card" aria-labelledby={fieldId('heading')}>
      <h2 id={fieldId('heading')}>New payment link</h2>
      {duplicateOf && (
        <p className="dash-muted" role="status">
          Filled in from “{duplicateOf.title}”. Change what you need, then create the new link.
        </p>
      )}
      <form
        ref={formRef}
        noValidate
        className="dash-form"
        onSubmit={(event) => {
          event.preventDefault()
          const checked = checkLinkForm(values, assets, Date.now())
          if (!checked.ok) {
            setErrors(checked.errors)
            setRefusals((n) => n + 1)
            return
          }
          setErrors({})
          create.mutate(checked.body)
        }}
      >
        <TextField
          {...bind('title')}
          label="Title"
          hint="What the payer sees first, e.g. “Order 1042”."
          maxLength={120}
        />
        <Field id={fieldId('description')} label="Description (optional)" error={errors.description}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={values.description}
              maxLength={2000}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>

        <fieldset className="dash-options" data-testid="price-fields">
          <legend>Price</legend>
          <Field
            id={fieldId('price-currency')}
            label="Price in"
            hint="A currency: each option's amount is quoted from the price when the payer opens the link."
          >
            {(props) => (
              <select
                {...props}
                value={values.priceCurrency}
                onChange={(e) => {
                  set('priceCurrency', e.target.value as FiatCurrency | '')
                  clearErrors([
                    'price.amount',
                    'price.currency',
                    ...values.options.map((_, i) => `options.${i}.amount`),
                  ])
                }}
              >
                <option value="">Each option's own asset (fixed amounts)</option>
                {fiatCurrencyCodes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {values.priceCurrency !== '' && !donation && (
            <TextField
              id={fieldId('price-amount')}
              label="Price"
              error={errors['price.amount'] ?? errors.price}
              unit={values.priceCurrency}
              inputMode="decimal"
              autoComplete="off"
              placeholder="12.00"
              value={values.priceAmount}
              onChange={(value) => {
                setValues((v) => ({ ...v, priceAmount: value }))
                clearErrors(['price.amount', 'price'])
              }}
            />
          )}
          <TextField
            {...bind('tolerance')}
            label="Underpayment tolerance (%) (optional)"
            hint="A payment short by at most this share still pays the link (0 to 10, e.g. 0.5 for an exchange's fee). Empty: 0."
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
          />
          <TextField
            {...bind('graceMinutes', 'grace')}
            label="Late payments count for (minutes) (optional)"
            hint="A payment mined this long after the link expired still counts. Empty: the server's default."
            inputMode="numeric"
            autoComplete="off"
            placeholder="Default"
          />
        </fieldset>

        <ReusableFieldset
          idOf={fieldId}
          values={values.reusable ?? newReusableForm()}
          errors={errors}
          onChange={(reusable) => setValues((v) => ({ ...v, reusable }))}
        />

        <fieldset className="dash-options">
          <legend>Payment options</legend>
          <p className="field-hint">The payer picks one. Each asset can be offered once.</p>
          {errors.options && <p className="field-error">{errors.options}</p>}
          {values.options.map((option, i) => {
            const asset = assetOf(option.asset)
            const err = (name: string) => errors[`options.${i}.${name}`]
            return (
              <div
                className="dash-option"
                key={option.key}
                data-testid={`option-${i}`}
                role="group"
                aria-label={`Option ${i + 1}`}
              >
                <div className="dash-option-head">
                  <strong>Option {i + 1}</strong>
                  {values.options.length > 1 && (
                    <button
                      type="button"
                      className="link"
                      aria-label={`Remove option ${i + 1}`}
                      onClick={() => {
                        setValues((v) => ({ ...v, options: v.options.filter((_, j) => j !== i) }))
                        // Indices shift: errors of later options would land on the wrong row.
                        setErrors((e) =>
                          Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('options'))),
                        )
                      }}
                    >
                      Remove
                    </button>
                  )}
                </div>
                <div className="dash-option-fields">
                  <Field id={fieldId(`asset-${option.key}`)} label="Asset" error={err('asset')}>
                    {(props) => (
                      <select
                        {...props}
                        value={option.asset}
                        onChange={(e) => {
                          const next = e.target.value
                          // Another chain: a recipient of the old chain's kind cannot stay.
                          const keep = namespaceOf(next) === namespaceOf(option.asset) && option.recipient !== ''
                          setOption(i, {
                            asset: next,
                            ...(keep ? {} : { recipient: recipientFor(next, defaultRecipient) }),
                          })
                        }}
                      >
                        {assets.map((a) => (
                          <option key={a.assetId} value={a.assetId}>
                            {label(a)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  {donation ? (
                    <p className="field-hint">Amount: the payer types it.</p>
                  ) : values.priceCurrency === '' ? (
                    <TextField
                      id={fieldId(`amount-${option.key}`)}
                      label="Amount"
                      error={err('amount')}
                      unit={asset?.symbol ?? ''}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0.00"
                      value={option.amount}
                      onChange={(value) => setOption(i, { amount: value })}
                    />
                  ) : (
                    <p className="field-hint" data-testid={`quoted-${i}`}>
                      Amount: quoted from the price ({values.priceCurrency}) when the payer opens the link.
                    </p>
                  )}
                  <TextField
                    id={fieldId(`recipient-${option.key}`)}
                    label="Recipient address"
                    error={err('recipient')}
                    hint={
                      option.recipient === defaultRecipient && defaultRecipient
                        ? 'Your signed-in address.'
                        : recipientHints[namespaceOf(option.asset)]
                    }
                    className="mono"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={recipientPlaceholders[namespaceOf(option.asset)] ?? ''}
                    value={option.recipient}
                    onChange={(value) => setOption(i, { recipient: value })}
                  />
                </div>
              </div>
            )
          })}
          <button
            type="button"
            disabled={values.options.length >= maxOptions || !unusedAsset}
            onClick={() =>
              setValues((v) => ({
                ...v,
                options: [
                  ...v.options,
                  newOption(unusedAsset?.assetId ?? '', recipientFor(unusedAsset?.assetId ?? '', defaultRecipient)),
                ],
              }))
            }
          >
            + Add another option
          </button>
        </fieldset>

        <div className="dash-form-row">
          <Field
            id={fieldId('expiry')}
            label="Expires"
            error={values.expiry === 'custom' ? undefined : errors.expiresInSeconds}
          >
            {(props) => (
              <select
                {...props}
                value={values.expiry}
                onChange={(e) => set('expiry', e.target.value as LinkFormValues['expiry'])}
              >
                {expiryPresets.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.value === 'none' || p.value === 'custom' ? p.label : `In ${p.label}`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {values.expiry === 'custom' && (
            <TextField
              {...bind('customExpiry', 'custom-expiry')}
              label="Expires at (your time)"
              type="datetime-local"
            />
          )}
        </div>

        <TextField
          {...bind('webhookUrl', 'webhook')}
          label="Webhook URL (optional)"
          hint="Paylink POSTs signed events (payment detected, confirmed, link paid…) to this URL."
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/paylink"
        />
        <SuccessUrlField {...bind('successUrl', 'success-url')} />
        {offersReceiptEmail && (
          <CheckboxField
            testId="link-receipt-email"
            checked={values.receiptEmail !== false}
            onChange={(on) => set('receiptEmail', on)}
          >
            Offer the payer an emailed receipt
          </CheckboxField>
        )}

        <ErrorText error={errors['']} />
        {Object.keys(errors).length > 0 && !errors[''] && (
          <p className="error" role="alert">
            Please fix the highlighted fields.
          </p>
        )}
        <div className="actions">
          <SubmitButton pending={create.isPending} pendingText="Creating…">
            Create link
          </SubmitButton>
          <Link to="/dashboard" className="button">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  )
}
