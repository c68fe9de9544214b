import '../pay/pay.css'
import './pos.css'
import { fiatCurrencies, normalizeFiat, type FiatCurrency, type Link, type PosSession } from '@paylink/shared'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { ApiRequestError } from '../../api/client.js'
import { createPosSale, readPos, readPosSale } from '../../api/pos.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { useT } from '../../i18n/useT.js'
import { PayHeader } from '../pay/PayHeader.js'
import { ScanToPay } from '../pay/ScanToPay.js'
import { chargeableAmount, pressKey, type PosKey } from './keypad.js'
import { currentSale, rememberSale, takeDeviceToken } from './posDevice.js'

/** The shop disconnected this device: every later request is refused the same way. */
const isRevoked = (error: unknown) => error instanceof ApiRequestError && error.status === 403
const isRefusedToken = (error: unknown) => error instanceof ApiRequestError && error.status === 401

/** A screen that ends the page: the device is not (or no longer) connected, or the point of sale is gone. */
function Stop({ title, hint }: { title: string; hint?: string }) {
  return (
    <main className="page pos">
      <section className="card pos-stop" role="alert" data-testid="pos-stop">
        <h1>{title}</h1>
        {hint && <p className="muted">{hint}</p>}
      </section>
    </main>
  )
}

const keys: PosKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', 'back']

/** The cashier types the amount in the point of sale's currency and charges it. */
function Register({
  session,
  token,
  onSale,
  onRevoked,
}: {
  session: PosSession
  token: string
  onSale: (order: Link) => void
  onRevoked: () => void
}) {
  const { t, fiat } = useT()
  const currency = session.link.reusable!.donation!.currency as FiatCurrency
  const decimals = fiatCurrencies[currency]
  const [typed, setTyped] = useState('')
  const amount = chargeableAmount(typed)
  const charge = useMutation({
    mutationFn: (value: string) => createPosSale(session.link.id, token, value),
    onSuccess: onSale,
    onError: (error) => {
      if (isRevoked(error) || isRefusedToken(error)) onRevoked()
    },
  })
  const press = (key: PosKey) => {
    charge.reset()
    setTyped((current) => pressKey(current, key, decimals))
  }
  // A keyboard on a tablet or a till types too.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return
      if (/^[0-9.]$/.test(event.key)) press(event.key as PosKey)
      else if (event.key === ',') press('.')
      else if (event.key === 'Backspace') press('back')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })
  const shown = fiat(typed === '' ? '0' : typed.replace(/\.$/, ''), currency)

  return (
    <section className="card pos-register" aria-label={t('pos.register')}>
      <p className="pos-label">{t('pos.amount')}</p>
      <output className="pos-display" data-testid="pos-display" aria-live="polite" dir="ltr">
        {shown}
      </output>
      <div className="pos-keypad" role="group" aria-label={t('pos.keypad')}>
        {keys.map((key) => (
          <button
            key={key}
            type="button"
            className="pos-key"
            data-testid={`pos-key-${key}`}
            disabled={(key === '.' && decimals === 0) || charge.isPending}
            aria-label={key === 'back' ? t('pos.delete') : key === '.' ? t('pos.point') : undefined}
            onClick={() => press(key)}
          >
            {key === 'back' ? '⌫' : key}
          </button>
        ))}
      </div>
      <div className="pos-actions">
        <button type="button" className="button pos-clear" onClick={() => setTyped('')} disabled={typed === ''}>
          {t('pos.clear')}
        </button>
        <button
          type="button"
          className="button primary pos-charge"
          data-testid="pos-charge"
          disabled={!amount || charge.isPending}
          onClick={() => amount && charge.mutate(amount)}
        >
          {charge.isPending
            ? t('pos.charging')
            : t('pos.charge', { amount: fiat(amount ? normalizeFiat(amount, currency) : '0', currency) })}
        </button>
      </div>
      {charge.isError && !isRevoked(charge.error) && (
        <p className="error" role="alert" data-testid="pos-charge-error">
          {t('pos.chargeFailed', { reason: charge.error.message })}
        </p>
      )}
    </section>
  )
}

/** The sale on screen: its QR codes until it is paid, then a big Paid with the amount and the time. */
function Sale({
  linkId,
  token,
  orderId,
  onDone,
  onRevoked,
}: {
  linkId: string
  token: string
  orderId: string
  onDone: () => void
  onRevoked: () => void
}) {
  const { t, fiat, date } = useT()
  const config = usePaylinkConfig()
  const sale = useQuery({
    queryKey: ['pos-sale', linkId, orderId],
    queryFn: () => readPosSale(linkId, token, orderId),
    // Polled: the device has nothing but its token, and a second's delay is what a customer waits anyway.
    refetchInterval: (query) =>
      query.state.data?.status === 'paid' || query.state.data?.status === 'expired' || query.state.error ? false : 1500,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 3,
  })
  const error = sale.error
  useEffect(() => {
    if (isRevoked(error) || isRefusedToken(error)) onRevoked()
    // A sale this point of sale no longer knows: back to the keypad.
    else if (error instanceof ApiRequestError && error.status === 404) onDone()
  }, [error, onDone, onRevoked])

  if (sale.isPending || !sale.data)
    return (
      <p className="page-status" role="status">
        {sale.isError ? t('pos.failed', { reason: sale.error.message }) : t('pos.loading')}
      </p>
    )
  const order = sale.data
  const price = order.price
  const amount = price ? fiat(price.amount, price.currency) : ''

  if (order.status === 'paid')
    return (
      <section className="card pos-paid" role="status" data-testid="pos-paid">
        <p className="pos-paid-mark" aria-hidden="true">
          ✓
        </p>
        <h1>{t('pos.paid')}</h1>
        <p className="pos-paid-amount" data-testid="pos-paid-amount" dir="ltr">
          {amount}
        </p>
        {order.paidAt && (
          <p className="muted">
            <time dateTime={order.paidAt}>{date(order.paidAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </p>
        )}
        <button type="button" className="button primary pos-new" data-testid="pos-new-sale" onClick={onDone}>
          {t('pos.newSale')}
        </button>
      </section>
    )

  if (order.status === 'expired')
    return (
      <section className="card pos-paid" role="status" data-testid="pos-expired">
        <h1>{t('pos.expired')}</h1>
        <button type="button" className="button primary pos-new" onClick={onDone}>
          {t('pos.newSale')}
        </button>
      </section>
    )

  return (
    <section className="card pos-sale" data-testid="pos-sale" data-order-id={order.id}>
      <h1 className="pos-sale-amount" dir="ltr">
        {amount}
      </h1>
      <p className="muted">{t('pos.scan')}</p>
      <ScanToPay link={order} config={config} />
      <button type="button" className="button pos-cancel" data-testid="pos-cancel" onClick={onDone}>
        {t('pos.cancel')}
      </button>
    </section>
  )
}

/**
 * `/pos/:id`: a shop device's till for one point-of-sale link, opened with the device link the
 * merchant made (no wallet, no sign-in). The cashier types an amount, the customer scans the
 * sale's QR, the screen says Paid. The sale on screen survives a reload.
 */
export function PosPage() {
  const { id = '' } = useParams()
  const { t } = useT()
  const [token] = useState(() => takeDeviceToken(id, window.location))
  const [saleId, setSaleId] = useState(() => currentSale(id))
  const [revoked, setRevoked] = useState(false)
  const session = useQuery({
    queryKey: ['pos', id, token],
    queryFn: () => readPos(id, token!),
    enabled: Boolean(token),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 3,
  })
  const title = session.data
    ? `${t('pos.title')} · ${session.data.link.merchant.displayName || session.data.link.title}`
    : null
  useEffect(() => {
    if (title) document.title = title
  }, [title])

  const sale = (orderId: string | null) => {
    rememberSale(id, orderId)
    setSaleId(orderId)
  }

  if (!token) return <Stop title={t('pos.noToken')} hint={t('pos.noTokenHint')} />
  if (revoked || isRevoked(session.error))
    return <Stop title={t('pos.disconnected')} hint={t('pos.disconnectedHint')} />
  if (isRefusedToken(session.error)) return <Stop title={t('pos.noToken')} hint={t('pos.noTokenHint')} />
  if (session.error instanceof ApiRequestError && session.error.status === 404)
    return <Stop title={t('pos.notFound')} />
  if (session.isError) return <Stop title={t('pos.failed', { reason: session.error.message })} />
  if (session.isPending)
    return (
      <p className="page-status" role="status">
        {t('pos.loading')}
      </p>
    )

  return (
    <>
      <PayHeader merchant={session.data.link.merchant} />
      <main className="page pos" data-testid="pos-page">
        {saleId ? (
          <Sale
            linkId={id}
            token={token}
            orderId={saleId}
            onDone={() => sale(null)}
            onRevoked={() => setRevoked(true)}
          />
        ) : (
          <Register
            session={session.data}
            token={token}
            onSale={(order) => sale(order.id)}
            onRevoked={() => setRevoked(true)}
          />
        )}
        <p className="muted pos-device" data-testid="pos-device">
          {t('pos.device', { label: session.data.device.label })}
        </p>
      </main>
    </>
  )
}
