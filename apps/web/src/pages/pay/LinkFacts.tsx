import { checkoutPayee, optionAmountText, shortHex, type Link, type PublicConfig } from '@paylink/shared'
import { useEffect } from 'react'
import { CopyButton } from '../../components/CopyButton.js'
import { FiatApprox } from '../../components/FiatApprox.js'
import { AmountText } from './AmountText.js'
import { Countdown } from './Countdown.js'
import { priceHeld } from './priceHeld.js'
import { SettlementNote } from './SettlementNote.js'
import { StatusBadge } from './StatusBadge.js'
import { useT } from '../../i18n/useT.js'
import { remaining } from '../../i18n/payerText.js'

/** Marks the moment the facts are on screen, for `npm run bench` (performance.getEntriesByName). */
function useFactsPaintedMark() {
  useEffect(() => {
    if (performance.getEntriesByName('paylink:link-facts').length > 0) return
    requestAnimationFrame(() => performance.mark('paylink:link-facts'))
  }, [])
}

/**
 * Title, merchant, amount options, expiry and status: everything that needs no wallet. Once the
 * link is paid the options give way to the receipt; the address is offered for copying only
 * while the link takes payments, and only when it is the one every option is paid at
 * (receivingAddress.ts). Mirrors apps/server/src/web/checkoutShell.ts.
 */
export function LinkFacts({
  link,
  config,
  now,
  closed,
}: {
  link: Link
  config: PublicConfig
  now: number
  closed: boolean
}) {
  useFactsPaintedMark()
  const { t, rich, amount, date } = useT()
  const networkName = (id: string) => config.networks.find((n) => n.caipNetworkId === id)?.name ?? id
  // Only an address a plain transfer pays and the server watches for: never the merchant's
  // sign-in address as such, nor its main address when each option has an address of its own.
  const payee = checkoutPayee(link)
  const held = priceHeld(link, now)
  const receiving = !closed && payee && (
    <>
      {payee.merchantOwn ? t('facts.payee.merchantOwn') : t('facts.payee.linkOwn')}{' '}
      <code className="address-short" dir="ltr" title={payee.address}>
        {shortHex(payee.address)}
      </code>{' '}
      <CopyButton value={payee.address} label={t('common.copyAddress')} copiedText={t('common.copied')} />
    </>
  )
  return (
    <section className="card checkout-facts" data-testid="link-facts" aria-labelledby="link-title">
      {/* Whose the address is, said beside it: the merchant's own, or one this link was given. */}
      {link.merchant.displayName ? (
        <>
          <p className="merchant" data-testid="payment-to">
            {rich('facts.paymentTo', { to: <strong>{link.merchant.displayName}</strong> })}
          </p>
          {receiving && (
            <p className="muted receiving-address" data-testid="receiving-address">
              {rich('facts.sendTo', { to: receiving })}
            </p>
          )}
        </>
      ) : (
        <p className="merchant" data-testid="payment-to">
          {rich('facts.paymentTo', {
            to: receiving ? (
              <span data-testid="receiving-address">{receiving}</span>
            ) : (
              <strong>{link.merchant.displayName || t('merchant.unnamed')}</strong>
            ),
          })}
        </p>
      )}
      <h1 id="link-title" data-testid="link-title" {...{ elementtiming: 'link-facts' }}>
        {link.title}
      </h1>
      {link.description && <p className="description">{link.description}</p>}
      <p className="facts-line">
        <StatusBadge status={link.status} />
        {link.expiresAt && link.status !== 'paid' && <Countdown expiresAt={link.expiresAt} now={now} />}
      </p>
      {link.status !== 'paid' && (
        <>
          <h2 className="options-title">{t('facts.options', { count: link.options.length })}</h2>
          <ul className="amount-options" data-testid="amount-options">
            {link.options.map((option) => (
              <li key={option.id}>
                {option.amount === null ? (
                  <strong className="amount">{t('facts.noPrice', { symbol: option.symbol })}</strong>
                ) : (
                  <AmountText amount={option.amount} decimals={option.decimals} symbol={option.symbol} strong />
                )}{' '}
                {link.price && option.amount !== null && (
                  <>
                    <FiatApprox currency={link.price.currency} amount={link.price.amount} />{' '}
                    {/* The demo prices from a fixed table: the payer is told it is no market price. */}
                    {config.demo && option.rateSource && (
                      <>
                        <span className="muted rate-source" data-testid="rate-source">
                          ({option.rateSource})
                        </span>{' '}
                      </>
                    )}
                  </>
                )}
                <span className="muted">{t('common.onNetwork', { network: networkName(option.caipNetworkId) })}</span>
                {option.paid !== '0' && (
                  <span className="muted">
                    {' '}
                    · {t('facts.paid', { amount: amount(optionAmountText({ ...option, amount: option.paid })) })}
                    {option.overpaid !== '0'
                      ? ` ${t('facts.over', { amount: amount(optionAmountText({ ...option, amount: option.overpaid })) })}`
                      : ''}
                  </span>
                )}
                {option.confirming !== '0' && (
                  <span className="muted">
                    {' '}
                    ·{' '}
                    {t('facts.confirming', {
                      amount: amount(optionAmountText({ ...option, amount: option.confirming })),
                    })}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {held && (
            <p className="muted price-held" data-testid="price-held">
              {rich('facts.priceHeld', {
                left: <strong>{remaining(t, held.ms)}</strong>,
                at: <time dateTime={held.at}>{date(held.at, { hour: '2-digit', minute: '2-digit' })}</time>,
              })}
            </p>
          )}
        </>
      )}
      <SettlementNote link={link} />
    </section>
  )
}
