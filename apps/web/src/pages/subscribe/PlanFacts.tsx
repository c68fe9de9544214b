import type { FiatCurrency, Plan, PublicMerchant, SubscriptionStatus } from '@paylink/shared'
import type { ReactNode } from 'react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { m, useT } from '../../i18n/useT.js'
import { AmountText } from '../pay/AmountText.js'
import { subscriptionBadgeClass } from './subscriptionBadgeClass.js'

const statusTexts = {
  incomplete: m('sub.status.incomplete'),
  trialing: m('sub.status.trialing'),
  active: m('sub.status.active'),
  past_due: m('sub.status.pastDue'),
  canceled: m('sub.status.canceled'),
} as const satisfies Record<SubscriptionStatus, string>

export function SubscriptionBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useT()
  return (
    <span className={`badge ${subscriptionBadgeClass[status]}`} data-testid="subscription-status">
      {t(statusTexts[status])}
    </span>
  )
}

/** An asset's amount per period as the payer reads it, from a plan option's decimal string. */
export function useAssetAmount() {
  const { assets } = usePaylinkConfig()
  return (assetId: string, amount: string) => {
    const asset = assets.find((a) => a.assetId.toLowerCase() === assetId.toLowerCase())
    return asset
      ? { asset, node: <AmountText amount={amount} decimals={asset.decimals} symbol={asset.symbol} strong /> }
      : null
  }
}

/**
 * The plan as the checkout shows a link: to whom, what, how much every how often, the trial. The
 * subscribe page and the manage page both open with it (`extra`: the manage page's status line).
 */
export function PlanFacts({ plan, merchant, extra }: { plan: Plan; merchant: PublicMerchant; extra?: ReactNode }) {
  const { t, rich, fiat } = useT()
  const config = usePaylinkConfig()
  const assetAmount = useAssetAmount()
  const networkName = (id: string) => config.networks.find((n) => n.caipNetworkId === id)?.name ?? id
  return (
    <section className="card checkout-facts" data-testid="plan-facts" aria-labelledby="plan-title">
      <p className="merchant">
        {rich('facts.paymentTo', { to: <strong>{merchant.displayName || t('merchant.unnamed')}</strong> })}
      </p>
      <h1 id="plan-title" data-testid="plan-name">
        {plan.name}
      </h1>
      {plan.description && <p className="description">{plan.description}</p>}
      {extra}
      {plan.price && (
        <p className="facts-line" data-testid="plan-price">
          {rich('sub.perInterval', {
            price: <strong className="amount">{fiat(plan.price.amount, plan.price.currency as FiatCurrency)}</strong>,
            interval: plan.interval,
          })}
        </p>
      )}
      <h2 className="options-title">{t('facts.options', { count: plan.options.length })}</h2>
      <ul className="amount-options" data-testid="plan-options">
        {plan.options.map((option) => {
          const shown = option.amount === null ? null : assetAmount(option.asset, option.amount)
          const asset = config.assets.find((a) => a.assetId.toLowerCase() === option.asset.toLowerCase())
          return (
            <li key={option.asset}>
              {shown ? (
                rich('sub.perInterval', { price: shown.node, interval: plan.interval })
              ) : (
                <strong>{asset?.symbol}</strong>
              )}{' '}
              {asset && (
                <span className="muted">{t('common.onNetwork', { network: networkName(asset.caipNetworkId) })}</span>
              )}
            </li>
          )
        })}
      </ul>
      {plan.trialDays > 0 && (
        <p className="muted" data-testid="plan-trial">
          {t('sub.trial', { days: plan.trialDays })}
        </p>
      )}
    </section>
  )
}
