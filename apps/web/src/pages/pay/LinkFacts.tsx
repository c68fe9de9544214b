import type { Link, PublicConfig } from '@paylink/shared'
import { useEffect } from 'react'
import { CopyButton } from '../../components/CopyButton.js'
import { amountOptionsTitle, shortHex } from '@paylink/shared'
import { FiatApprox } from '../../components/FiatApprox.js'
import { Countdown } from './Countdown.js'
import { SettlementNote } from './SettlementNote.js'
import { StatusBadge } from './StatusBadge.js'

/** Marks the moment the facts are on screen, for `npm run bench` (performance.getEntriesByName). */
function useFactsPaintedMark() {
  useEffect(() => {
    if (performance.getEntriesByName('paylink:link-facts').length > 0) return
    requestAnimationFrame(() => performance.mark('paylink:link-facts'))
  }, [])
}

/** Title, merchant, amount options, expiry and status: everything that needs no wallet. */
export function LinkFacts({ link, config, now }: { link: Link; config: PublicConfig; now: number }) {
  useFactsPaintedMark()
  const networkName = (id: string) => config.networks.find((n) => n.caipNetworkId === id)?.name ?? id
  return (
    <section className="card checkout-facts" data-testid="link-facts" aria-labelledby="link-title">
      <p className="merchant">
        Payment to <code title={link.merchantAddress}>{shortHex(link.merchantAddress)}</code> <CopyButton value={link.merchantAddress} label="Copy address" />
      </p>
      <h1 id="link-title" data-testid="link-title" {...{ elementtiming: 'link-facts' }}>
        {link.title}
      </h1>
      {link.description && <p className="description">{link.description}</p>}
      <p className="facts-line">
        <StatusBadge status={link.status} />
        {link.expiresAt && link.status !== 'paid' && <Countdown expiresAt={link.expiresAt} now={now} />}
      </p>
      <h2 className="options-title">{amountOptionsTitle(link.options.length)}</h2>
      <ul className="amount-options" data-testid="amount-options">
        {link.options.map((option) => (
          <li key={option.id}>
            <strong className="amount">{option.amount === null ? `${option.symbol}: no price now` : `${option.amount} ${option.symbol}`}</strong>{' '}
            {link.price && option.amount !== null && (
              <>
                <FiatApprox currency={link.price.currency} amount={link.price.amount} />{' '}
              </>
            )}
            <span className="muted">on {networkName(option.caipNetworkId)}</span>
            {option.paid !== '0' && (
              <span className="muted">
                {' '}
                · {option.paid} paid{option.overpaid !== '0' ? ` (${option.overpaid} over)` : ''}
              </span>
            )}
            {option.confirming !== '0' && <span className="muted"> · {option.confirming} confirming</span>}
          </li>
        ))}
      </ul>
      <SettlementNote link={link} />
    </section>
  )
}
