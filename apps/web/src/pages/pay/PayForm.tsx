import { formatAmount, formatUnits, optionAmountText, shortHex } from '@paylink/shared'
import { useId, type ReactNode } from 'react'
import { AmountText } from './AmountText.js'
import { PayAgainQuestion } from './PayAgainQuestion.js'
import type { PayAgainQuestion as Question, PayPhase } from './usePayment.js'
import { useOptionFunds, type OptionContext, type Shortfall } from './usePayOption.js'
import { useT } from '../../i18n/useT.js'
import { WalletErrorText } from './WalletErrorText.js'

function OptionRow({
  ctx,
  address,
  selected,
  onSelect,
  name,
}: {
  ctx: OptionContext
  address: string
  selected: boolean
  onSelect(): void
  name: string
}) {
  const funds = useOptionFunds(ctx, address)
  const { asset } = ctx
  const { t, amount } = useT()
  return (
    <li className={selected ? 'selected' : ''}>
      <label className="option-choice">
        <input type="radio" name={name} checked={selected} onChange={onSelect} />
        <span>
          <AmountText
            amount={formatUnits(ctx.due, asset.decimals)}
            decimals={asset.decimals}
            symbol={asset.symbol}
            strong
          />{' '}
          {t('common.onNetwork', { network: ctx.network.name })}
          <span
            className="muted balance"
            data-testid={`balance-${ctx.option.id}`}
            title={
              funds.data?.balance != null
                ? `${formatUnits(funds.data.balance, asset.decimals)} ${asset.symbol}`
                : undefined
            }
          >
            {funds.isPending
              ? t('payForm.readingBalance')
              : funds.data?.error
                ? funds.data.error
                : funds.data?.balance !== null && funds.data?.balance !== undefined
                  ? t('payForm.balance', {
                      amount: `${amount(formatAmount(funds.data.balance, asset.decimals))} ${asset.symbol}`,
                    })
                  : ''}
          </span>
        </span>
      </label>
    </li>
  )
}

export interface PayFormProps {
  /** The paying account, shown shortened. */
  address: string
  onChangeAccount(): void
  waiting: boolean
  /** This namespace's options with something still due. */
  contexts: OptionContext[]
  chosen: OptionContext | null
  onChoose(optionId: string): void
  /** Replaces the fee and the Pay button while the wallet must first switch network. */
  switchStep?: ReactNode
  /** "Network fee: …", rendered by the namespace (it knows what its fee is made of). */
  fee: ReactNode
  shortfall: Shortfall
  /** Next to the shortfall (e.g. a swap offer). */
  shortfallAction?: ReactNode
  /** Pay stays disabled while this is true (funds or a required fee still being read). */
  notReady: boolean
  payment: {
    phase: PayPhase
    isPending: boolean
    isError: boolean
    error: unknown
    mutate(ctx: OptionContext): void
    /** A payment from this wallet already on its way: the press waits for the payer's answer. */
    question: Question | null
    payAgain(): void
    dontPay(): void
  }
  /** The wallet's refusal of the switch, shown when the switch step is on screen. */
  switchError?: unknown
}

/**
 * The connected-wallet checkout for one namespace: which account pays, the options with the
 * payer's balance, then the fee, what is missing, and Pay. Each namespace (PayOnEvm, PayOnSolana,
 * PayOnBitcoin) feeds it from its own wallet hooks.
 */
export function PayForm({
  address,
  onChangeAccount,
  waiting,
  contexts,
  chosen,
  onChoose,
  switchStep,
  fee,
  shortfall,
  shortfallAction,
  notReady,
  payment,
  switchError,
}: PayFormProps) {
  const radioName = useId()
  const { t, amount } = useT()
  const payer = (
    <p className="payer">
      {t('payForm.payingFrom')}{' '}
      <code dir="ltr" title={address}>
        {shortHex(address)}
      </code>{' '}
      <button type="button" className="link" onClick={onChangeAccount}>
        {t('payForm.change')}
      </button>
    </p>
  )
  if (waiting) {
    return (
      <div>
        {payer}
        <p role="status">{t('payForm.onItsWay')}</p>
      </div>
    )
  }
  if (!chosen) {
    return (
      <div>
        {payer}
        <p role="status">{t('payForm.nothingDue')}</p>
      </div>
    )
  }
  const { phase } = payment
  const walletError = switchStep ? switchError : payment.error
  return (
    <div className="pay-form">
      {payer}
      <fieldset>
        <legend>{t('payForm.choose')}</legend>
        <ul className="option-list">
          {contexts.map((ctx) => (
            <OptionRow
              key={ctx.option.id}
              ctx={ctx}
              address={address}
              name={radioName}
              selected={ctx === chosen}
              onSelect={() => onChoose(ctx.option.id)}
            />
          ))}
        </ul>
      </fieldset>
      {switchStep ?? (
        <>
          <p className="fee" data-testid="pay-fee">
            {fee}
          </p>
          {shortfall && (
            <p role="alert" className="error" data-testid="pay-shortfall" title={shortfall.exact}>
              {shortfall.message} {shortfallAction}
            </p>
          )}
          {payment.question ? (
            <PayAgainQuestion text={payment.question.text} onPayAgain={payment.payAgain} onDontPay={payment.dontPay} />
          ) : (
            // The button reads the amount for people; the exact amount is in its title and is what the wallet is asked to send (chosen.due).
            <button
              className="primary big"
              data-testid="pay-button"
              title={`${formatUnits(chosen.due, chosen.asset.decimals)} ${chosen.asset.symbol}`}
              disabled={payment.isPending || shortfall !== null || notReady}
              onClick={() => payment.mutate(chosen)}
            >
              {phase === 'checking'
                ? t('payForm.checking')
                : phase === 'wallet'
                  ? t('payForm.confirmInWallet')
                  : phase === 'server'
                    ? t('payForm.recording')
                    : payment.isError
                      ? t('common.tryAgain')
                      : t('payForm.pay', {
                          amount: amount(
                            optionAmountText({
                              amount: formatUnits(chosen.due, chosen.asset.decimals),
                              decimals: chosen.asset.decimals,
                              symbol: chosen.asset.symbol,
                            }),
                          ),
                        })}
            </button>
          )}
        </>
      )}
      {Boolean(walletError) && <WalletErrorText error={walletError} testId="pay-error" />}
    </div>
  )
}
