import '../pay/pay.css'
import './subscribe.css'
import { formatUnits, parseUnits, type CreatedSubscription, type PlanPage, type RenewalMode } from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { fetchPlanPage, managePath, subscribeToPlan } from '../../api/subscriptions.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { m, useT, type MessageId } from '../../i18n/useT.js'
import { PayHeader } from '../pay/PayHeader.js'
import { emailInputProps } from '../pay/emailInputProps.js'
import { PlanFacts, useAssetAmount } from './PlanFacts.js'
import { WalletStep } from './WalletStep.js'
import { allowanceHolderOf } from '@paylink/chains/collector-facts'
import { PageNotReady } from './PageNotReady.js'
import { ErrorText } from '../../components/ErrorText.js'

/** Automatic renewal's allowance: a year of monthly renewals' worth; the contract still takes at most one amount per interval. */
export const allowancePeriods = 12

/** The amount the collector may pull per period for an automatic option (the option's, else a pegged fiat price). */
function automaticAmount(page: PlanPage, assetId: string): string | null {
  const option = page.plan.options.find((o) => o.asset === assetId)
  return option?.amount ?? page.plan.price?.amount ?? null
}

/** The cap sentence, by who holds the allowance: what the chain enforces differs (a contract: per period; a delegate: the total). */
const consentMessages = { contract: m('sub.auto.consent'), delegate: m('sub.auto.consentDelegate') } as const

/** The two ways to renew; automatic only where the server offers it for one of the plan's options. */
const renewalChoices = [
  { mode: 'pay_each_period', label: m('sub.renewal.each'), hint: m('sub.renewal.eachHint') },
  { mode: 'automatic', label: m('sub.renewal.auto'), hint: m('sub.renewal.autoHint') },
] as const satisfies ReadonlyArray<{ mode: RenewalMode; label: MessageId; hint: MessageId }>

/** Where the payer goes once subscribed: the first period's checkout, or (a trial: nothing due yet) the manage page. */
const nextPath = (created: CreatedSubscription) =>
  created.dueLinkId ? `/pay/${encodeURIComponent(created.dueLinkId)}` : managePath(created.id, created.manageToken)

function SubscribeForm({ page }: { page: PlanPage }) {
  const { plan } = page
  const { t, rich, amount: localAmount } = useT()
  const config = usePaylinkConfig()
  const assetAmount = useAssetAmount()
  const navigate = useNavigate()
  const id = useId()
  const [email, setEmail] = useState('')
  const [renewal, setRenewal] = useState<RenewalMode>('pay_each_period')
  // The server's say: options of a family with a collector (EVM contract, Solana delegate) and a fixed amount.
  const { automaticAssets } = page
  const [autoAsset, setAutoAsset] = useState(automaticAssets[0] ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Made once: a wallet step that fails (a refusal) is tried again on the same subscription.
  const [created, setCreated] = useState<CreatedSubscription | null>(null)

  const asset = config.assets.find((a) => a.assetId === autoAsset)
  const network = asset && config.networks.find((n) => n.caipNetworkId === asset.caipNetworkId)
  const perPeriod = autoAsset ? automaticAmount(page, autoAsset) : null
  const emailValid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())

  const create = async (payerAddress?: string) => {
    if (created) return created
    const answer = await subscribeToPlan(plan.id, {
      email: email.trim(),
      renewal,
      ...(renewal === 'automatic' ? { asset: autoAsset, payerAddress } : {}),
    })
    setCreated(answer)
    return answer
  }

  if (!plan.active)
    return (
      <section className="card" role="status" data-testid="plan-closed">
        <p>{t('sub.disabled')}</p>
      </section>
    )

  const consent =
    renewal === 'automatic' && asset && perPeriod
      ? rich(consentMessages[allowanceHolderOf(asset.assetId)], {
          merchant: page.merchant.displayName || t('merchant.unnamed'),
          amount: assetAmount(asset.assetId, perPeriod)?.node,
          interval: plan.interval,
          total: `${localAmount(formatUnits(parseUnits(perPeriod, asset.decimals) * BigInt(allowancePeriods), asset.decimals))} ${asset.symbol}`,
          periods: allowancePeriods,
        })
      : null

  return (
    <section className="card pay-area" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('sub.form.title')}</h2>
      <form
        noValidate
        className="subscribe-form"
        onSubmit={async (event) => {
          event.preventDefault()
          if (renewal === 'automatic') return
          if (!emailValid) return setError(t('sub.email.invalid'))
          setBusy(true)
          setError(null)
          try {
            void navigate(nextPath(await create()))
          } catch (e) {
            setError((e as Error).message)
            setBusy(false)
          }
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('sub.email.label')}</label>
          <input
            id={`${id}-email`}
            {...emailInputProps}
            placeholder={t('email.placeholder')}
            value={email}
            disabled={created !== null}
            aria-describedby={`${id}-email-hint`}
            onChange={(e) => setEmail(e.target.value)}
          />
          <p className="field-hint" id={`${id}-email-hint`}>
            {t('sub.email.hint')}
          </p>
        </div>
        <fieldset className="subscribe-renewal" disabled={created !== null}>
          <legend>{t('sub.renewal.legend')}</legend>
          {renewalChoices
            .filter((choice) => choice.mode === 'pay_each_period' || automaticAssets.length > 0)
            .map((choice) => (
              <label key={choice.mode}>
                <input
                  type="radio"
                  name={`${id}-renewal`}
                  checked={renewal === choice.mode}
                  onChange={() => setRenewal(choice.mode)}
                />{' '}
                <strong>{t(choice.label)}</strong>
                <span className="field-hint">{t(choice.hint)}</span>
              </label>
            ))}
        </fieldset>
        {renewal === 'automatic' && automaticAssets.length > 1 && (
          <div className="field">
            <label htmlFor={`${id}-asset`}>{t('sub.auto.asset')}</label>
            <select id={`${id}-asset`} value={autoAsset} onChange={(e) => setAutoAsset(e.target.value)}>
              {automaticAssets.map((assetId) => (
                <option key={assetId} value={assetId}>
                  {config.assets.find((a) => a.assetId === assetId)?.symbol ?? assetId}
                </option>
              ))}
            </select>
          </div>
        )}
        {consent && (
          <p className="subscribe-consent" data-testid="subscribe-consent">
            {consent}
          </p>
        )}
        {renewal === 'pay_each_period' && (
          <button type="submit" className="primary big" data-testid="subscribe-submit" disabled={busy}>
            {busy ? t('sub.subscribing') : t('sub.subscribe')}
          </button>
        )}
        <ErrorText error={error} />
      </form>
      {renewal === 'automatic' && network && asset && perPeriod && (
        <WalletStep
          // Another asset may be another family, whose wallet hooks are others.
          key={network.caipNetworkId}
          network={network}
          asset={asset}
          testId="subscribe-approve"
          label={t('sub.auto.approve')}
          busyLabel={t('sub.auto.waiting')}
          run={async ({ address, consent: approve }) => {
            if (!emailValid) throw new Error(t('sub.email.invalid'))
            const subscription = await create(address)
            await approve(subscription.collector!, parseUnits(perPeriod, asset.decimals) * BigInt(allowancePeriods))
            void navigate(nextPath(subscription))
          }}
        />
      )}
    </section>
  )
}

/** `/subscribe/:planId`: the plan in the checkout's look, the payer's e-mail and renewal choice, then Subscribe. */
export function SubscribePage() {
  const { planId = '' } = useParams()
  const page = useQuery({ queryKey: ['plan-page', planId], queryFn: () => fetchPlanPage(planId) })
  const name = page.data?.plan.name
  useEffect(() => {
    if (name) document.title = name
  }, [name])
  if (page.isPending || page.isError)
    return <PageNotReady what="plan" error={page.isError ? page.error : null} retry={() => void page.refetch()} />
  return (
    <>
      <PayHeader merchant={page.data.merchant} />
      <main className="page pay">
        <PlanFacts plan={page.data.plan} merchant={page.data.merchant} />
        <SubscribeForm page={page.data} />
      </main>
    </>
  )
}
