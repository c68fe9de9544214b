import {
  amountOptionsTitle,
  checkoutPayee,
  merchantLabel,
  optionAmountText,
  shortHex,
  type Link,
  type PublicConfig,
} from '@paylink/shared'
import { useEffect } from 'react'
import { CopyButton } from '../../components/CopyButton.js'
import { FiatApprox } from '../../components/FiatApprox.js'
import { AmountText } from './AmountText.js'
import { Countdown } from './Countdown.js'
import { priceHeld } from './priceHeld.js'
import { SettlementNote } from './SettlementNote.js'
import { StatusBadge } from './StatusBadge.js'

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
  const networkName = (id: string) => config.networks.find((n) => n.caipNetworkId === id)?.name ?? id
  // Only an address a plain transfer pays and the server watches for: never the merchant's
  // sign-in address as such, nor its main address when each option has an address of its own.
  const payee = checkoutPayee(link)
  const held = priceHeld(link, now)
  const receiving = !closed && payee && (
    <>
      {payee.merchantOwn ? "the merchant's own address" : "this link's own address"}{' '}
      <code className="address-short" title={payee.address}>
        {shortHex(payee.address)}
      </code>{' '}
      <CopyButton value={payee.address} label="Copy address" />
    </>
  )
  return (
    <section className="card checkout-facts" data-testid="link-facts" aria-labelledby="link-title">
      {/* Whose the address is, said beside it: the merchant's own, or one this link was given. */}
      {link.merchant.displayName ? (
        <>
          <p className="merchant" data-testid="payment-to">
            Payment to <strong>{link.merchant.displayName}</strong>
          </p>
          {receiving && (
            <p className="muted receiving-address" data-testid="receiving-address">
              Send to {receiving}
            </p>
          )}
        </>
      ) : (
        <p className="merchant" data-testid="payment-to">
          Payment to{' '}
          {receiving ? (
            <span data-testid="receiving-address">{receiving}</span>
          ) : (
            <strong>{merchantLabel(link)}</strong>
          )}
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
          <h2 className="options-title">{amountOptionsTitle(link.options.length)}</h2>
          <ul className="amount-options" data-testid="amount-options">
            {link.options.map((option) => (
              <li key={option.id}>
                {option.amount === null ? (
                  <strong className="amount">{option.symbol}: no price now</strong>
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
                <span className="muted">on {networkName(option.caipNetworkId)}</span>
                {option.paid !== '0' && (
                  <span className="muted">
                    {' '}
                    · {optionAmountText({ ...option, amount: option.paid })} paid
                    {option.overpaid !== '0'
                      ? ` (${optionAmountText({ ...option, amount: option.overpaid })} over)`
                      : ''}
                  </span>
                )}
                {option.confirming !== '0' && (
                  <span className="muted">
                    {' '}
                    · {optionAmountText({ ...option, amount: option.confirming })} confirming
                  </span>
                )}
              </li>
            ))}
          </ul>
          {held && (
            <p className="muted price-held" data-testid="price-held">
              Price held for <strong>{held.left}</strong>. At <time dateTime={held.at}>{held.atText}</time> the amounts
              renew at the rate of that moment; a payment sent before then counts at this price.
            </p>
          )}
        </>
      )}
      <SettlementNote link={link} />
    </section>
  )
}
