import type { Link, PublicConfig } from '@paylink/shared'
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react'
import { nextTabIndex } from './nextTabIndex.js'
import { WalletArea } from './WalletArea.js'
import { m, useT } from '../../i18n/useT.js'

// The panel and the QR encoder arrive only when a payer opens the tab (or points at it): the
// checkout's first paint carries none of it (scripts/check-checkout-size.mjs).
const loadScanToPay = () => import('./ScanToPay.js')
const ScanToPay = lazy(() =>
  loadScanToPay()
    .then((m) => ({ default: m.ScanToPay }))
    .catch(() => ({ default: ScanLoadFailed })),
)

function ScanLoadFailed() {
  const { t } = useT()
  return (
    <p role="alert" className="error">
      {t('tabs.qrFailed')} <button onClick={() => window.location.reload()}>{t('common.reload')}</button>
    </p>
  )
}

// "Wallet", not "Connect wallet": the panel below has the page's one Connect wallet button, and
// the same words twice on top of each other read as two things to press.
const tabs = [
  { key: 'wallet', label: m('tabs.wallet') },
  { key: 'scan', label: m('tabs.scan') },
] as const
type TabKey = (typeof tabs)[number]['key']

/**
 * The checkout's ways to pay: a wallet connected in this browser, or "Scan to pay" (a QR code,
 * an address and an amount any wallet or exchange can use). The scan tab is offered only when
 * at least one option has a payment URI; otherwise the checkout is the wallet area alone.
 */
export function PayTabs({ link, config, waiting }: { link: Link; config: PublicConfig; waiting: boolean }) {
  const [active, setActive] = useState<TabKey>('wallet')
  const [scanOpened, setScanOpened] = useState(false)
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const id = useId()
  const { t } = useT()
  const scannable = link.options.some((o) => o.paymentUri)
  if (!scannable) return <WalletArea link={link} waiting={waiting} />

  const select = (key: TabKey) => {
    setActive(key)
    if (key === 'scan') setScanOpened(true)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((t) => t.key === active)
    const next = nextTabIndex(event.key, current, tabs.length)
    if (next === null) return
    event.preventDefault()
    select(tabs[next]!.key)
    refs.current[next]?.focus()
  }
  const prefetch = () => void loadScanToPay().catch(() => undefined)

  return (
    <div className="pay-tabs">
      <div role="tablist" aria-label={t('tabs.label')} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[i] = element
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={active === tab.key}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={active === tab.key ? 0 : -1}
            data-testid={`pay-tab-${tab.key}`}
            onClick={() => select(tab.key)}
            onPointerEnter={tab.key === 'scan' ? prefetch : undefined}
            onFocus={tab.key === 'scan' ? prefetch : undefined}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-wallet`} aria-labelledby={`${id}-tab-wallet`} hidden={active !== 'wallet'}>
        <WalletArea link={link} waiting={waiting} />
      </div>
      <div role="tabpanel" id={`${id}-panel-scan`} aria-labelledby={`${id}-tab-scan`} hidden={active !== 'scan'}>
        {scanOpened && (
          <Suspense
            fallback={
              <p role="status" className="muted">
                {t('tabs.qrLoading')}
              </p>
            }
          >
            <ScanToPay link={link} config={config} />
          </Suspense>
        )}
      </div>
    </div>
  )
}
