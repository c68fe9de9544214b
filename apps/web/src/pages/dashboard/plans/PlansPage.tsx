import {
  fiatCurrencyCodes,
  maxTrialDays,
  planIntervals,
  type CreatePlanBody,
  type FiatCurrency,
  type Plan,
  type PlanInterval,
} from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { CopyButton } from '../../../components/CopyButton.js'
import { ActionError, DashTable, QueryList } from '../DashTable.js'
import { Field, TextField, SubmitButton } from '../Field.js'
import { ErrorText } from '../../../components/ErrorText.js'
import { defaultAssetOf, usePayableAssets } from '../links/CreateLinkPage.js'
import { type FieldErrors } from '../links/fieldErrors.js'
import { useCreateForm, useRowAction } from '../listMutations.js'
import { formatAmount } from '../format.js'
import { createPlan, disablePlan, listPlans, subscribeUrl } from './plansApi.js'

const intervalWords: Record<PlanInterval, string> = { day: 'day', week: 'week', month: 'month', year: 'year' }

interface OptionValues {
  on: boolean
  amount: string
  recipient: string
}

/** A plan's price as the merchant reads it: "9.00 USD / month" or "5 TUSD or 0.002 ETH / month". */
export function planPriceText(plan: Plan, symbolOf: (assetId: string) => string): string {
  const each = plan.price
    ? `${plan.price.amount} ${plan.price.currency}`
    : plan.options.map((o) => `${formatAmount(o.amount ?? '0')} ${symbolOf(o.asset)}`).join(' or ')
  return `${each} / ${intervalWords[plan.interval]}`
}

function CreatePlanForm() {
  const { assets, label } = usePayableAssets()
  const [currency, setCurrency] = useState<FiatCurrency | ''>('')
  const [interval, setPlanInterval] = useState<PlanInterval>('month')
  const [trialDays, setTrialDays] = useState('')
  const [options, setOptions] = useState<Record<string, OptionValues>>(() => {
    const first = defaultAssetOf(assets)?.assetId
    return first ? { [first]: { on: true, amount: '', recipient: '' } } : {}
  })
  const { create, created, errors, setErrors, values, bind } = useCreateForm({
    mutationFn: createPlan,
    listKey: ['plans'],
    idPrefix: 'plan',
    initial: { name: '', description: '', price: '' },
  })
  const { name, description, price } = values
  const chosen = assets.filter((a) => options[a.assetId]?.on)
  const setOption = (assetId: string, patch: Partial<OptionValues>) =>
    setOptions((o) => ({ ...o, [assetId]: { on: false, amount: '', recipient: '', ...o[assetId], ...patch } }))

  const submit = () => {
    const found: FieldErrors = {}
    if (!name.trim()) found.name = 'is required'
    if (currency && !/^\d+(\.\d+)?$/.test(price.trim())) found['price.amount'] = 'must be an amount such as 9.99'
    if (chosen.length === 0) found.options = 'Pick at least one asset the payer can pay in.'
    if (trialDays.trim() && !/^\d+$/.test(trialDays.trim())) found.trialDays = 'must be a whole number of days'
    chosen.forEach((a, i) => {
      if (!currency && !/^\d+(\.\d+)?$/.test(options[a.assetId]!.amount.trim()))
        found[`options.${i}.amount`] = 'must be an amount such as 5'
    })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const body: CreatePlanBody = {
      name: name.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(currency ? { price: { currency, amount: price.trim() } } : {}),
      interval,
      ...(trialDays.trim() ? { trialDays: Number(trialDays.trim()) } : {}),
      options: chosen.map((a) => {
        const o = options[a.assetId]!
        return {
          asset: a.assetId,
          ...(currency ? {} : { amount: o.amount.trim() }),
          ...(o.recipient.trim() ? { recipient: o.recipient.trim() } : {}),
        }
      }),
    }
    create.mutate(body)
  }

  return (
    <section className="card dash-form-card" aria-labelledby="plan-new-title">
      <h2 id="plan-new-title">New plan</h2>
      <p className="dash-muted">
        A price every day, week, month or year. Payers subscribe at the plan's URL; each period is paid like a link, or
        (EVM tokens with a fixed amount) pulled from the payer's wallet within the allowance they approved.
      </p>
      {created && (
        <div className="dash-notice" role="status" data-testid="plan-created">
          <p>
            Created “{created.name}”: <code className="break-all">{subscribeUrl(created.id)}</code>{' '}
            <CopyButton value={subscribeUrl(created.id)} label="Copy URL" />
          </p>
        </div>
      )}
      <form
        noValidate
        className="dash-form"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <TextField {...bind('name')} label="Name" maxLength={120} />
        <TextField {...bind('description')} label="Description (optional)" />
        <div className="dash-form-row">
          <Field id="plan-currency" label="Price in">
            {(props) => (
              <select {...props} value={currency} onChange={(e) => setCurrency(e.target.value as FiatCurrency | '')}>
                <option value="">Each asset's own amount</option>
                {fiatCurrencyCodes.map((code) => (
                  <option key={code}>{code}</option>
                ))}
              </select>
            )}
          </Field>
          {currency && (
            <TextField
              {...bind('price')}
              label="Price per period"
              unit={currency}
              inputMode="decimal"
              error={errors['price.amount'] ?? errors.price}
            />
          )}
        </div>
        <div className="dash-form-row">
          <Field id="plan-interval" label="Every">
            {(props) => (
              <select {...props} value={interval} onChange={(e) => setPlanInterval(e.target.value as PlanInterval)}>
                {planIntervals.map((i) => (
                  <option key={i} value={i}>
                    {intervalWords[i]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            id="plan-trial"
            label="Trial days (optional)"
            hint={`0 to ${maxTrialDays}: the first payment is due when the trial ends.`}
            inputMode="numeric"
            value={trialDays}
            onChange={setTrialDays}
            error={errors.trialDays}
          />
        </div>
        <fieldset className="dash-options" data-testid="plan-assets">
          <legend>Paid in</legend>
          {errors.options && <p className="field-error">{errors.options}</p>}
          {assets.map((asset) => {
            const o = options[asset.assetId]
            const i = chosen.indexOf(asset)
            return (
              <div className="dash-option" key={asset.assetId}>
                <label>
                  <input
                    type="checkbox"
                    checked={o?.on ?? false}
                    onChange={(e) => setOption(asset.assetId, { on: e.target.checked })}
                  />{' '}
                  {label(asset)}
                </label>
                {o?.on && (
                  <div className="dash-option-fields">
                    {!currency && (
                      <TextField
                        id={`plan-amount-${asset.assetId}`}
                        label="Amount per period"
                        unit={asset.symbol}
                        inputMode="decimal"
                        value={o.amount}
                        onChange={(amount) => setOption(asset.assetId, { amount })}
                        error={errors[`options.${i}.amount`]}
                      />
                    )}
                    <TextField
                      id={`plan-recipient-${asset.assetId}`}
                      label="Recipient address (optional)"
                      hint="Empty: your signed-in account on that chain."
                      className="mono"
                      value={o.recipient}
                      onChange={(recipient) => setOption(asset.assetId, { recipient })}
                      error={errors[`options.${i}.recipient`]}
                    />
                  </div>
                )}
              </div>
            )
          })}
        </fieldset>
        <ErrorText error={errors['']} />
        <SubmitButton pending={create.isPending} pendingText="Creating…">
          Create plan
        </SubmitButton>
      </form>
    </section>
  )
}

function PlanRow({ plan }: { plan: Plan }) {
  const { assets } = usePaylinkConfig()
  const symbolOf = (id: string) => assets.find((a) => a.assetId.toLowerCase() === id.toLowerCase())?.symbol ?? id
  const disable = useRowAction({ mutationFn: () => disablePlan(plan.id), listKey: ['plans'] })
  const url = subscribeUrl(plan.id)
  return (
    <tr data-testid={`plan-${plan.id}`}>
      <td data-label="Name">{plan.name}</td>
      <td data-label="Price">
        {planPriceText(plan, symbolOf)}
        {plan.trialDays > 0 && <span className="dash-muted"> · {plan.trialDays} trial days</span>}
      </td>
      <td data-label="Renewal">{plan.automaticRenewal ? 'By link or automatic' : 'By link'}</td>
      <td data-label="Subscribe URL">
        <code className="break-all">{url}</code> <CopyButton value={url} label="Copy URL" />
      </td>
      <td data-label="">
        {plan.active ? (
          <button
            type="button"
            aria-label={`Disable ${plan.name}`}
            disabled={disable.isPending}
            onClick={() => disable.mutate()}
          >
            Disable
          </button>
        ) : (
          <span className="dash-muted">Disabled: no new subscribers</span>
        )}
        <ActionError action={disable} />
      </td>
    </tr>
  )
}

/** Dashboard -> Plans: create a subscription plan, share its URL, stop taking subscribers. */
export function PlansPage() {
  const plans = useQuery({ queryKey: ['plans'], queryFn: listPlans })
  return (
    <>
      <CreatePlanForm />
      <section className="card" aria-labelledby="plans-title">
        <h2 id="plans-title">Your plans</h2>
        <QueryList
          query={plans}
          loading="Loading your plans…"
          what="Your plans"
          empty={<p className="dash-empty-inline">No plans yet. Create one above.</p>}
        >
          {(rows) => (
            <DashTable testId="plans-table" columns={['Name', 'Price', 'Renewal', 'Subscribe URL', '']}>
              {rows.map((p) => (
                <PlanRow key={p.id} plan={p} />
              ))}
            </DashTable>
          )}
        </QueryList>
      </section>
    </>
  )
}
