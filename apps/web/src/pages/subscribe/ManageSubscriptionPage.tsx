import { allowanceHolderOf } from '@paylink/chains/collector-facts'
import '../pay/pay.css'
import './subscribe.css'
import { formatUnits, type SubscriptionPage, type SubscriptionPeriod } from '@paylink/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useLocation, useParams } from 'react-router-dom'
import { cancelSubscription, fetchSubscriptionPage } from '../../api/subscriptions.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { m, useT } from '../../i18n/useT.js'
import { PayHeader } from '../pay/PayHeader.js'
import { PageNotReady } from './PageNotReady.js'
import { PlanFacts, SubscriptionBadge, useAssetAmount } from './PlanFacts.js'
import { WalletStep } from './WalletStep.js'
import { ErrorText } from '../../components/ErrorText.js'

const day = { dateStyle: 'medium' } as const

function PeriodRow({ period }: { period: SubscriptionPeriod }) {
  const { t, date } = useT()
  return (
    <li data-testid="subscription-period">
      <strong>{t('sub.manage.period', { number: period.period + 1 })}</strong>{' '}
      <span className="muted">
        {period.paidAt
          ? t('sub.manage.paidOn', { date: date(period.paidAt, day) })
          : t('sub.manage.dueOn', { date: date(period.dueAt, day) })}
        {period.method === 'pull' && ` · ${t('sub.manage.pulled')}`}
      </span>{' '}
      {period.linkId && (
        <Link to={`/pay/${encodeURIComponent(period.linkId)}`} data-testid="period-link">
          {period.status === 'paid' ? t('sub.manage.receipt') : t('sub.manage.payDue')}
        </Link>
      )}
    </li>
  )
}

function CancelSection({ page, token }: { page: SubscriptionPage; token: string }) {
  const { t } = useT()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { subscription } = page
  return (
    <section className="card no-print" aria-labelledby="cancel-title" data-testid="cancel-section">
      <h2 id="cancel-title">{t('sub.manage.cancel')}</h2>
      {!asking ? (
        <button type="button" data-testid="cancel-subscription" onClick={() => setAsking(true)}>
          {t('sub.manage.cancel')}
        </button>
      ) : (
        <>
          <p role="status">{t('sub.manage.cancelConfirm')}</p>
          <button
            type="button"
            className="danger"
            data-testid="cancel-confirm"
            disabled={busy}
            onClick={async () => {
              setBusy(true)
              setError(null)
              try {
                const canceled = await cancelSubscription(subscription.id, token)
                queryClient.setQueryData(['subscription-page', subscription.id, token], {
                  ...page,
                  subscription: canceled,
                })
              } catch (e) {
                setError((e as Error).message)
              } finally {
                setBusy(false)
              }
            }}
          >
            {busy ? t('sub.manage.canceling') : t('sub.manage.cancelYes')}
          </button>{' '}
          <button type="button" onClick={() => setAsking(false)} disabled={busy}>
            {t('sub.manage.cancelNo')}
          </button>
        </>
      )}
      <ErrorText error={error} />
    </section>
  )
}

const allowanceMessages = {
  contract: m('sub.manage.allowance.text'),
  delegate: m('sub.manage.allowance.delegate'),
} as const

/** On automatic renewal: what the payer allowed, and taking that allowance back from the wallet. */
function AllowanceSection({ page }: { page: SubscriptionPage }) {
  const { t, rich } = useT()
  const config = usePaylinkConfig()
  const assetAmount = useAssetAmount()
  const [revoked, setRevoked] = useState(false)
  const terms = page.subscription.collector!
  const network = config.networks.find((n) => n.caipNetworkId === terms.caipNetworkId)
  const asset = config.assets.find(
    (a) => a.caipNetworkId === terms.caipNetworkId && a.assetId.toLowerCase().endsWith(terms.token.toLowerCase()),
  )
  const perPeriod = asset
    ? assetAmount(asset.assetId, formatUnits(BigInt(terms.amount), asset.decimals))?.node
    : terms.amount
  // A Solana delegate is the collector key itself; an EVM allowance goes to the collector contract.
  const holder = allowanceHolderOf(terms.caipNetworkId)
  return (
    <section className="card no-print" aria-labelledby="allowance-title" data-testid="allowance-section">
      <h2 id="allowance-title">{t('sub.manage.allowance.title')}</h2>
      <p>
        {rich(allowanceMessages[holder], {
          amount: perPeriod,
          interval: page.plan.interval,
          contract: (
            <code className="break-all" dir="ltr">
              {holder === 'delegate' ? terms.collector : terms.contract}
            </code>
          ),
        })}
      </p>
      {revoked ? (
        <p role="status" data-testid="allowance-revoked">
          {t('sub.manage.revoked')}
        </p>
      ) : (
        network &&
        asset && (
          <WalletStep
            network={network}
            asset={asset}
            testId="revoke-allowance"
            label={t('sub.manage.revoke')}
            busyLabel={t('sub.manage.revoking')}
            run={async ({ revoke }) => {
              await revoke(terms)
              setRevoked(true)
            }}
          />
        )
      )}
    </section>
  )
}

/** `/subscriptions/:id?token=…` (the link in the payer's e-mail): status, next renewal, payments, cancel, allowance. */
export function ManageSubscriptionPage() {
  const { id = '' } = useParams()
  // Not useSearchParams: the router's shared chunk would carry it onto the checkout's first paint.
  const token = new URLSearchParams(useLocation().search).get('token') ?? ''
  const { t, date } = useT()
  const page = useQuery({
    queryKey: ['subscription-page', id, token],
    queryFn: () => fetchSubscriptionPage(id, token),
    // A first payment on its way: the status turns active by itself.
    refetchInterval: (query) => (query.state.data?.subscription.status === 'incomplete' ? 3000 : false),
  })
  const name = page.data?.plan.name
  useEffect(() => {
    if (name) document.title = name
  }, [name])
  if (page.isPending || page.isError)
    return (
      <PageNotReady what="subscription" error={page.isError ? page.error : null} retry={() => void page.refetch()} />
    )
  const data = page.data
  const { subscription } = data
  const canceled = subscription.status === 'canceled'
  return (
    <>
      <PayHeader merchant={data.merchant} />
      <main className="page pay">
        <PlanFacts
          plan={data.plan}
          merchant={data.merchant}
          extra={
            <>
              <p className="facts-line">
                <SubscriptionBadge status={subscription.status} />
              </p>
              <p data-testid="subscription-next">
                {canceled && subscription.canceledAt
                  ? t('sub.manage.canceledAt', { date: date(subscription.canceledAt, day) })
                  : subscription.currentPeriodEnd
                    ? t('sub.manage.next', { date: date(subscription.currentPeriodEnd, day) })
                    : null}
              </p>
              <p className="muted">
                {subscription.renewal === 'automatic' ? t('sub.manage.renewsAuto') : t('sub.manage.renewsEach')}
              </p>
            </>
          }
        />
        {subscription.dueLinkId && !canceled && (
          <p>
            <Link
              className="button primary"
              to={`/pay/${encodeURIComponent(subscription.dueLinkId)}`}
              data-testid="pay-due"
            >
              {t('sub.manage.payDue')}
            </Link>
          </p>
        )}
        <section className="card" aria-labelledby="periods-title">
          <h2 id="periods-title">{t('sub.manage.payments')}</h2>
          {data.periods.length === 0 ? (
            <p className="muted">{t('sub.manage.none')}</p>
          ) : (
            <ul className="payments">
              {data.periods.map((p) => (
                <PeriodRow key={p.period} period={p} />
              ))}
            </ul>
          )}
        </section>
        {subscription.collector && <AllowanceSection page={data} />}
        {!canceled && <CancelSection page={data} token={token} />}
      </main>
    </>
  )
}
