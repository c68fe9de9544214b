import { formatEstimate, formatAmount, type Link } from '@paylink/shared'
import { webFamilyOf, type WebNamespace } from '@paylink/chains/web'
import { useAppKit, useAppKitAccount } from '@reown/appkit/react'
import { useState } from 'react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'
import { useTransferFee } from '../../wallet/useTransferFee.js'
import { useWebToolkit } from '../../wallet/useWebToolkit.js'
import { walletErrorPhrase } from './WalletErrorText.js'
import { canSwap } from './canSwap.js'
import { PayForm } from './PayForm.js'
import { SwitchNetworkStep } from './SwitchNetworkStep.js'
import { usePayment } from './usePayment.js'
import { findShortfall, useOptionFunds, type OptionContext } from './usePayOption.js'
import { useT } from '../../i18n/useT.js'

/**
 * One chain family's connected-wallet checkout: its paying account, the switch step when the
 * family pays on one network at a time, the fee before the wallet is asked, and the payment,
 * whose transaction id goes to the server at once. What differs by family is the family's
 * `checkout` part (packages/chains/src/<ns>/web): EVM switches the wallet, estimates gas and
 * sends through wagmi; Solana prices the transfer (and any token-account rent) with the option's
 * Solana Pay reference; Bitcoin pays the option's own address through the toolkit's adapter.
 */
export function PayOnFamily({
  namespace,
  link,
  contexts,
  waiting,
}: {
  namespace: WebNamespace
  link: Link
  contexts: OptionContext[]
  waiting: boolean
}) {
  const { checkout } = webFamilyOf(namespace)
  const toolkit = useWebToolkit()
  const { open } = useAppKit()
  const config = usePaylinkConfig()
  const account = useAppKitAccount({ namespace })
  const address = checkout.payingAddress(account)
  const walletNetwork = checkout.useWalletNetwork?.(toolkit, account.isConnected)
  const switcher = useSwitchNetwork()
  const [chosenId, setChosenId] = useState<string | null>(null)
  const { t, amount } = useT()
  const chosen = contexts.find((c) => c.option.id === chosenId) ?? contexts[0] ?? null
  const onNetwork = !checkout.useWalletNetwork || Boolean(chosen && walletNetwork === chosen.network.caipNetworkId)
  const transfer = chosen && address ? checkout.transferOf(chosen, address) : null
  const funds = useOptionFunds(chosen, address)
  const fee = useTransferFee(namespace, onNetwork ? transfer : null)
  const pay = checkout.usePay(toolkit)
  const payment = usePayment(link.id, address, (ctx) => pay(ctx, address!))
  if (!address) return null

  const coin = chosen?.network.nativeCurrency
  const rent = fee.data?.rent ?? 0n
  // Anything set aside with the fee (the rent of the recipient's new token account) is paid in the coin too.
  const shortfall =
    chosen && funds.data
      ? findShortfall(
          chosen,
          funds.data,
          fee.data ? fee.data.fee + rent : undefined,
          (atomic, decimals) => amount(formatAmount(atomic, decimals)),
          t,
        )
      : null
  return (
    <PayForm
      address={address}
      onChangeAccount={() => void open({ view: 'Account', namespace })}
      waiting={waiting}
      contexts={contexts}
      chosen={chosen}
      onChoose={setChosenId}
      switchStep={
        chosen && !onNetwork ? (
          <SwitchNetworkStep network={chosen.network} switcher={switcher} busy={payment.isPending} />
        ) : undefined
      }
      switchError={switcher.error}
      fee={
        <>
          {t('fee.label')}{' '}
          {chosen && !transfer
            ? t('fee.noAddress')
            : fee.isPending
              ? t('fee.estimating')
              : fee.isError || !coin
                ? checkout.explainsFeeError
                  ? t('fee.failedWhy', { why: walletErrorPhrase(t, fee.error) })
                  : t('fee.failed')
                : `≈ ${amount(formatEstimate(fee.data.fee, coin.decimals))} ${coin.symbol}${checkout.feeNote}`}
          {rent > 0n && coin && (
            <>
              {' '}
              <span data-testid="pay-rent">
                +{' '}
                {t('fee.rent', {
                  amount: `${amount(formatEstimate(rent, coin.decimals))} ${coin.symbol}`,
                  token: chosen?.asset.symbol ?? '',
                })}
              </span>
            </>
          )}
        </>
      }
      shortfall={shortfall}
      shortfallAction={
        checkout.offersSwap && chosen && canSwap(config.projectId, chosen.network.caipNetworkId) ? (
          <button type="button" onClick={() => void open({ view: 'Swap' })}>
            {t('fee.swap', { symbol: chosen.asset.symbol })}
          </button>
        ) : undefined
      }
      notReady={funds.isPending || switcher.isPending || (checkout.waitsForFee && !fee.isSuccess)}
      payment={payment}
    />
  )
}
