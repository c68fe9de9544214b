import { formatEstimate, formatAmount, type Link } from '@paylink/shared'
import { useAppKit, useAppKitAccount, useAppKitNetwork } from '@reown/appkit/react'
import { useState } from 'react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { useSendTransfer } from '../../wallet/useSendTransfer.js'
import { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'
import { useTransferFee } from '../../wallet/useTransferFee.js'
import { canSwap } from './canSwap.js'
import { PayForm } from './PayForm.js'
import { SwitchNetworkStep } from './SwitchNetworkStep.js'
import { usePayment } from './usePayment.js'
import { findShortfall, transferOf, useOptionFunds, type OptionContext } from './usePayOption.js'

/** EVM: switch the wallet to the option's chain if needed, estimate gas, send through wagmi. */
export function PayOnEvm({ link, contexts, waiting }: { link: Link; contexts: OptionContext[]; waiting: boolean }) {
  const { open } = useAppKit()
  const config = usePaylinkConfig()
  const { address } = useAppKitAccount({ namespace: 'eip155' })
  const { caipNetworkId } = useAppKitNetwork()
  const switcher = useSwitchNetwork()
  const [chosenId, setChosenId] = useState<string | null>(null)
  const chosen = contexts.find((c) => c.option.id === chosenId) ?? contexts[0] ?? null
  const onNetwork = Boolean(chosen && caipNetworkId === chosen.network.caipNetworkId)
  const funds = useOptionFunds(chosen, address)
  const fee = useTransferFee(chosen && address && onNetwork ? transferOf(chosen, address) : null)
  const sendTransfer = useSendTransfer()
  const payment = usePayment(link.id, (ctx) => sendTransfer(transferOf(ctx, address!)))
  if (!address) return null

  const shortfall = chosen && funds.data ? findShortfall(chosen, funds.data, fee.data, formatAmount) : null
  const coin = chosen?.network.nativeCurrency
  return (
    <PayForm
      address={address}
      onChangeAccount={() => void open({ view: 'Account', namespace: 'eip155' })}
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
          Network fee:{' '}
          {fee.isPending
            ? 'estimating…'
            : fee.isError || !coin
              ? 'could not be estimated'
              : `≈ ${formatEstimate(fee.data, coin.decimals)} ${coin.symbol}`}
        </>
      }
      shortfall={shortfall}
      shortfallAction={
        chosen && canSwap(config.projectId, chosen.network.caipNetworkId) ? (
          <button type="button" onClick={() => void open({ view: 'Swap' })}>
            Swap for {chosen.asset.symbol}
          </button>
        ) : undefined
      }
      notReady={funds.isPending || switcher.isPending}
      payment={payment}
    />
  )
}
