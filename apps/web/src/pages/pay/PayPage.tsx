import './pay.css'
import { checkoutTitle, type Link } from '@paylink/shared'
import { lazy, Suspense, useCallback, useEffect } from 'react'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { fetchLink, linkAnswer, submitPayment } from '../../api/checkout.js'
import { useLiveLink } from '../../api/useLiveLink.js'
import { useNow } from '../../lib/useNow.js'
import { useEmbedReport } from '../../embed/useEmbedReport.js'
import { useRequote } from './useRequote.js'
import { useOnline } from './useOnline.js'
import { liveText } from './liveText.js'
import { LinkFacts } from './LinkFacts.js'
import { PaymentProgress } from './PaymentProgress.js'
import { LinkNotReady } from './LinkNotReady.js'
import { PayHeader } from './PayHeader.js'
import { PayTabs } from './PayTabs.js'
import { ReceiptEmailForm } from './ReceiptEmailForm.js'
import { Receipt } from './Receipt.js'
import { rememberedPayments } from './rememberedPayments.js'
import { useT } from '../../i18n/useT.js'
import { refundablePayments } from './refund/refundablePayments.js'

// Only a reusable link's checkout asks for a quantity or an amount: its form and the order API's
// schemas load with it, off the critical path of every other checkout (issue #32's 150 KiB).
const OrderStart = lazy(() => import('./order/OrderStart.js').then((m) => ({ default: m.OrderStart })))

const sameTx = (a: { caipNetworkId: string; txHash: string }, b: { caipNetworkId: string; txHash: string }) =>
  a.caipNetworkId === b.caipNetworkId && a.txHash.toLowerCase() === b.txHash.toLowerCase()

/** A hash this browser sent but the server never got (the tab closed in between): hand it over now. */
function useResubmitRemembered(link: Link | undefined) {
  const linkId = link?.id
  useEffect(() => {
    if (!link) return
    for (const mine of rememberedPayments(link.id)) {
      if (!link.payments.some((p) => sameTx(p, mine))) void submitPayment(link.id, mine).catch(() => undefined)
    }
    // Once per link and page load: the stream brings what follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkId])
}

/** The tab names what is paid to whom, in the payer's language (the server's HTML starts with the same title). */
function useCheckoutTitle(link: Link | undefined) {
  const { t, locale } = useT()
  const title = link ? checkoutTitle(link, { t, locale }) : null
  useEffect(() => {
    if (title) document.title = title
  }, [title])
}

/** `/pay/:id`: the checkout. Facts first (no toolkit needed), then the wallet, then live status. */
export function PayPage() {
  const { id = '' } = useParams()
  const config = usePaylinkConfig()
  // The checkout follows the stream only: a payer's page has nothing to poll for.
  const link = useLiveLink(id, { read: fetchLink, parser: linkAnswer })
  const now = useNow()
  useResubmitRemembered(link.data)
  useRequote(link.data, now, () => void link.refetch())
  useCheckoutTitle(link.data)
  useEmbedReport(link.data, now)
  const { refetch } = link
  // Back online: read what happened meanwhile at once (the event stream reconnects by itself, later).
  const online = useOnline(useCallback(() => void refetch(), [refetch]))
  const { t } = useT()

  if (link.isPending || link.isError)
    return <LinkNotReady error={link.isError ? link.error : null} retry={() => void link.refetch()} />

  const data = link.data
  const badge = liveText(t, link.live, online)
  const mine = rememberedPayments(data.id)
  const isMine = (p: { caipNetworkId: string; txHash: string }) => mine.some((m) => sameTx(m, p))
  const expired =
    data.status === 'expired' ||
    (data.expiresAt !== null && new Date(data.expiresAt).getTime() <= now && data.status !== 'paid')
  const shown = data.payments.filter((p) => isMine(p) || p.status === 'confirming' || p.status === 'confirmed')
  const waiting = data.payments.some((p) => isMine(p) && p.status === 'pending')

  return (
    <>
      <PayHeader merchant={data.merchant} />
      <main className="page pay">
        {!online && (
          <p className="offline-note" role="status" data-testid="offline-note">
            {t('pay.offline')}
          </p>
        )}
        <LinkFacts
          link={data}
          config={config}
          now={now}
          closed={expired || data.status === 'paid' || data.deactivatedAt !== null}
        />
        {data.status === 'paid' ? (
          <Receipt link={data} config={config} />
        ) : data.deactivatedAt ? (
          <section className="card" role="status" data-testid="pay-closed">
            <h2>{t('pay.deactivated.title')}</h2>
            <p>{t('pay.deactivated.text')}</p>
          </section>
        ) : expired ? (
          <section className="card" role="status" data-testid="pay-closed">
            <h2>{t('pay.expired.title')}</h2>
            <p>{t('pay.expired.text')}</p>
          </section>
        ) : data.reusable ? (
          <Suspense
            fallback={
              <p className="page-status" role="status">
                {t('notReady.loading')}
              </p>
            }
          >
            <OrderStart link={{ ...data, reusable: data.reusable }} />
          </Suspense>
        ) : (
          <section className="card pay-area" aria-label={t('pay.area')}>
            <PayTabs link={data} config={config} waiting={waiting} />
            {config.receiptEmail && data.receiptEmail && <ReceiptEmailForm linkId={data.id} paid={false} />}
          </section>
        )}
        {shown.length > 0 && (
          <section className="card pay-payments no-print" aria-labelledby="payments-title">
            <h2 id="payments-title">{t('pay.payments')}</h2>
            <ul className="payments">
              {shown.map((p) => (
                <PaymentProgress key={p.id} payment={p} link={data} config={config} mine={isMine(p)} />
              ))}
            </ul>
            {data.status !== 'paid' && refundablePayments(data).length > 0 && (
              <p className="muted" data-testid="pay-refund-link">
                {t('pay.refund.question')}{' '}
                <RouterLink to={`/pay/${encodeURIComponent(data.id)}/refund`}>{t('pay.refund.give')}</RouterLink>
              </p>
            )}
          </section>
        )}
        <p className={`live muted no-print${badge.live ? '' : ' not-live'}`} data-testid="live-state">
          {badge.text}
        </p>
      </main>
    </>
  )
}
