import { formatAmount, formatEstimate, formatUnits, shortHex, type Link } from '@paylink/shared'
import { useAppKit, useAppKitAccount, useAppKitNetwork } from '@reown/appkit/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { useSubmitPayment } from '../../api/useSubmitPayment.js'
import { linkQueryKey } from '../../api/useLiveLink.js'
import { describeWalletError } from '../../wallet/walletErrors.js'
import { useSendTransfer } from '../../wallet/useSendTransfer.js'
import { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'
import { useTransferFee } from '../../wallet/useTransferFee.js'
import { canSwap } from './canSwap.js'
import { ConnectPrompt } from './ConnectPrompt.js'
import { rememberPayment } from './rememberedPayments.js'
import { findShortfall, optionContext, transferOf, useOptionFunds, type OptionContext } from './usePayOption.js'

type Phase = 'idle' | 'wallet' | 'server'

function OptionRow({ ctx, address, selected, onSelect, name }: { ctx: OptionContext; address: string; selected: boolean; onSelect(): void; name: string }) {
  const funds = useOptionFunds(ctx, address)
  const { asset } = ctx
  return (
    <li className={selected ? 'selected' : ''}>
      <label className="option-choice">
        <input type="radio" name={name} checked={selected} onChange={onSelect} />
        <span>
          <strong>
            {formatUnits(ctx.due, asset.decimals)} {asset.symbol}
          </strong>{' '}
          on {ctx.network.name}
          <span
            className="muted balance"
            data-testid={`balance-${ctx.option.id}`}
            title={funds.data?.balance != null ? `${formatUnits(funds.data.balance, asset.decimals)} ${asset.symbol}` : undefined}
          >
            {funds.isPending
              ? 'Reading your balance…'
              : funds.data?.error
                ? funds.data.error
                : funds.data?.balance !== null && funds.data?.balance !== undefined
                  ? `You have ${formatAmount(funds.data.balance, asset.decimals)} ${asset.symbol}`
                  : ''}
          </span>
        </span>
      </label>
    </li>
  )
}

/** Connected: pick an option, switch network if needed, see the fee, pay, hand the hash to the server. */
export function PayWithWallet({ link, waiting }: { link: Link; waiting: boolean }) {
  const { open } = useAppKit()
  const config = usePaylinkConfig()
  const queryClient = useQueryClient()
  const { address, isConnected } = useAppKitAccount({ namespace: 'eip155' })
  const { caipNetworkId } = useAppKitNetwork()
  const switcher = useSwitchNetwork()
  const radioName = useId()
  const contexts = link.options.map((o) => optionContext(o, config)).filter((c): c is OptionContext => c !== null && c.due > 0n)
  const [chosenId, setChosenId] = useState<string | null>(null)
  const [phase, setPhase] = useState<Phase>('idle')
  const chosen = contexts.find((c) => c.option.id === chosenId) ?? contexts[0] ?? null
  const onNetwork = Boolean(chosen && caipNetworkId === chosen.network.caipNetworkId)
  const funds = useOptionFunds(chosen, address)
  const fee = useTransferFee(chosen && address && onNetwork && chosen.due > 0n ? transferOf(chosen, address) : null)
  const sendTransfer = useSendTransfer()
  const submit = useSubmitPayment(link.id)

  const pay = useMutation({
    mutationFn: async (ctx: OptionContext) => {
      setPhase('wallet')
      const hash = await sendTransfer(transferOf(ctx, address!))
      // Remembered before the server hears of it: a lost answer is handed over again on reopen.
      rememberPayment(link.id, { caipNetworkId: ctx.network.caipNetworkId, txHash: hash })
      setPhase('server')
      await submit.mutateAsync({ caipNetworkId: ctx.network.caipNetworkId, txHash: hash })
      return hash
    },
    onSettled: () => {
      setPhase('idle')
      void queryClient.invalidateQueries({ queryKey: linkQueryKey(link.id) })
      void queryClient.invalidateQueries({ queryKey: ['pay-funds'] })
    },
  })

  if (!isConnected || !address) {
    return <ConnectPrompt onConnect={() => void open({ view: 'Connect', namespace: 'eip155' })} />
  }

  const payer = (
    <p className="payer">
      Paying from <code title={address}>{shortHex(address)}</code>{' '}
      <button type="button" className="link" onClick={() => void open({ view: 'Account' })}>
        Change
      </button>
    </p>
  )
  if (waiting) {
    return (
      <div>
        {payer}
        <p role="status">Your payment is on its way; this page follows it below.</p>
      </div>
    )
  }
  if (!chosen) {
    return (
      <div>
        {payer}
        <p role="status">Everything due is already paid or being confirmed.</p>
      </div>
    )
  }

  const shortfall =
    funds.data && fee.data !== undefined ? findShortfall(chosen, funds.data, fee.data, formatUnits) : funds.data ? findShortfall(chosen, funds.data, undefined, formatUnits) : null
  const swappable = canSwap(config.projectId, chosen.network.caipNetworkId)
  const busy = pay.isPending || switcher.isPending
  const { nativeCurrency } = chosen.network
  // The wallet's refusal of what this step asked: the switch before the right network, the payment after.
  const walletError = onNetwork ? pay.error : switcher.error

  return (
    <div className="pay-form">
      {payer}
      <fieldset>
        <legend>Choose how to pay</legend>
        <ul className="option-list">
          {contexts.map((ctx) => (
            <OptionRow key={ctx.option.id} ctx={ctx} address={address} name={radioName} selected={ctx === chosen} onSelect={() => setChosenId(ctx.option.id)} />
          ))}
        </ul>
      </fieldset>

      {!onNetwork ? (
        <>
          <p className="muted">Your wallet is on another network. Payment for this option is on {chosen.network.name}.</p>
          <button className="primary big" disabled={busy} onClick={() => switcher.mutate(chosen.network)}>
            {switcher.isPending ? 'Switching… confirm in your wallet' : `Switch to ${chosen.network.name}`}
          </button>
        </>
      ) : (
        <>
          <p className="fee" data-testid="pay-fee">
            Network fee:{' '}
            {fee.isPending ? 'estimating…' : fee.isError ? 'could not be estimated' : `≈ ${formatEstimate(fee.data, nativeCurrency.decimals)} ${nativeCurrency.symbol}`}
          </p>
          {shortfall && (
            <p role="alert" className="error" data-testid="pay-shortfall">
              {shortfall.message}{' '}
              {swappable && (
                <button type="button" onClick={() => void open({ view: 'Swap' })}>
                  Swap for {chosen.asset.symbol}
                </button>
              )}
            </p>
          )}
          <button className="primary big" data-testid="pay-button" disabled={busy || shortfall !== null || funds.isPending} onClick={() => pay.mutate(chosen)}>
            {phase === 'wallet'
              ? 'Confirm in your wallet…'
              : phase === 'server'
                ? 'Recording your payment…'
                : pay.isError
                  ? 'Try again'
                  : `Pay ${formatUnits(chosen.due, chosen.asset.decimals)} ${chosen.asset.symbol}`}
          </button>
        </>
      )}
      {walletError && (
        <p role="alert" className="error" data-testid="pay-error">
          {describeWalletError(walletError)}
        </p>
      )}
    </div>
  )
}
