import './order.css'
import { payerFieldMaxLengths, type CreateOrderBody, type Link, type PayerFieldName } from '@paylink/shared'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiRequestError } from '../../../api/client.js'
import { createOrder } from '../../../api/orders.js'
import { m, useT, type MessageId } from '../../../i18n/useT.js'

const fieldLabels: Record<PayerFieldName, MessageId> = {
  name: m('order.field.name'),
  email: m('order.field.email'),
  shippingAddress: m('order.field.shippingAddress'),
  note: m('order.field.note'),
}

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'soldOut' } | { kind: 'error'; message: string }

/**
 * The checkout of a reusable link: it is never paid itself, so the payer picks how many (or types
 * a donation) and fills in what the merchant asks, then gets an order of their own and moves to
 * its checkout (/pay/<order id>), where the usual pay flow runs.
 */
export function OrderStart({ link }: { link: Link & { reusable: NonNullable<Link['reusable']> } }) {
  const { quantity: range, fields, donation, ordersLeft } = link.reusable
  const navigate = useNavigate()
  const { t, amount: localAmount } = useT()
  const id = useId()
  const [quantity, setQuantity] = useState(range?.min ?? 1)
  const [amount, setAmount] = useState('')
  const [answers, setAnswers] = useState<Partial<Record<PayerFieldName, string>>>({})
  const [state, setState] = useState<State>(ordersLeft === 0 ? { kind: 'soldOut' } : { kind: 'idle' })
  const unit = donation ? (donation.currency ?? link.options[0]?.symbol ?? '') : ''

  if (state.kind === 'soldOut') {
    return (
      <section className="card" role="status" data-testid="sold-out">
        <h2>{t('order.soldOut.title')}</h2>
        <p>{t('order.soldOut.text')}</p>
      </section>
    )
  }

  const submit = async () => {
    const payer = Object.fromEntries(
      Object.entries(answers)
        .map(([name, value]) => [name, value?.trim()])
        .filter(([, value]) => value),
    )
    const body: CreateOrderBody = {
      ...(range ? { quantity } : {}),
      ...(Object.keys(payer).length ? { payer } : {}),
      ...(donation ? { amount: amount.trim() } : {}),
    }
    setState({ kind: 'sending' })
    try {
      const order = await createOrder(link.id, body)
      void navigate(`/pay/${encodeURIComponent(order.id)}`)
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'SOLD_OUT') setState({ kind: 'soldOut' })
      else setState({ kind: 'error', message: (error as Error).message })
    }
  }

  return (
    <section className="card pay-area" aria-label={donation ? t('order.donate') : t('order.order')}>
      <form
        className="order-start"
        data-testid="order-start"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {donation && (
          <div className="order-field">
            <label htmlFor={`${id}-amount`}>{t('order.amount', { unit })}</label>
            {donation.suggested && donation.suggested.length > 0 && (
              <div className="order-suggested" role="group" aria-label={t('order.suggested')}>
                {donation.suggested.map((value) => (
                  <button key={value} type="button" onClick={() => setAmount(value)} aria-pressed={amount === value}>
                    {localAmount(value)} {unit}
                  </button>
                ))}
              </div>
            )}
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              required
              maxLength={40}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder={donation.minimum ? t('order.atLeast', { minimum: donation.minimum }) : '0.00'}
            />
          </div>
        )}
        {range && range.max > range.min && (
          <div className="order-field">
            <label htmlFor={`${id}-quantity`}>{t('order.quantity')}</label>
            <input
              id={`${id}-quantity`}
              type="number"
              min={range.min}
              max={range.max}
              step={1}
              required
              value={quantity}
              onChange={(e) => setQuantity(Number(e.target.value))}
            />
          </div>
        )}
        {fields.map((field) => {
          const props = {
            id: `${id}-${field.name}`,
            required: field.required === true,
            maxLength: payerFieldMaxLengths[field.name],
            value: answers[field.name] ?? '',
            onChange: (e: { target: { value: string } }) => setAnswers({ ...answers, [field.name]: e.target.value }),
          }
          return (
            <div className="order-field" key={field.name}>
              <label htmlFor={props.id}>
                {field.required
                  ? t(fieldLabels[field.name])
                  : t('order.optional', { label: t(fieldLabels[field.name]) })}
              </label>
              {field.name === 'shippingAddress' || field.name === 'note' ? (
                <textarea rows={3} {...props} />
              ) : (
                <input
                  type={field.name === 'email' ? 'email' : 'text'}
                  autoComplete={field.name === 'email' ? 'email' : 'name'}
                  {...props}
                />
              )}
            </div>
          )
        })}
        {ordersLeft !== null && <p className="muted">{t('order.left', { count: ordersLeft })}</p>}
        <button type="submit" className="primary" disabled={state.kind === 'sending'} data-testid="order-submit">
          {state.kind === 'sending'
            ? t('order.sending')
            : donation
              ? t('order.continueDonate')
              : t('order.continuePay')}
        </button>
        {state.kind === 'error' && (
          <p role="alert" className="error">
            {state.message}
          </p>
        )}
      </form>
    </section>
  )
}
