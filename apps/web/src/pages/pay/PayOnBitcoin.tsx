import { formatEstimate, formatAmount, type Link } from '@paylink/shared'
import { useAppKit, useAppKitAccount } from '@reown/appkit/react'
import { useState } from 'react'
import { describeWalletError } from '../../wallet/walletErrors.js'
import { useBitcoinTransferPlan } from '../../wallet/useBitcoinTransferPlan.js'
import { useNamespaceNetwork } from '../../wallet/useNamespaceNetwork.js'
import { useSendBitcoinTransfer } from '../../wallet/useSendBitcoinTransfer.js'
import { useSwitchNetwork } from '../../wallet/useSwitchNetwork.js'
import { bitcoinPayAddress } from './bitcoinPayAddress.js'
import { PayForm } from './PayForm.js'
import { SwitchNetworkStep } from './SwitchNetworkStep.js'
import { usePayment } from './usePayment.js'
import { findShortfall, useOptionFunds, type OptionContext } from './usePayOption.js'

/**
 * Bitcoin: the option's own address is paid by the wallet through the toolkit's Bitcoin adapter
 * (`sendTransfer`, amount in sats), from the payment account (a sats-connect wallet also has an
 * ordinals one); the likely fee is shown first, and the txid goes to the server at once.
 */
export function PayOnBitcoin({ link, contexts, waiting }: { link: Link; contexts: OptionContext[]; waiting: boolean }) {
  const { open } = useAppKit()
  const account = useAppKitAccount({ namespace: 'bip122' })
  const address = account.allAccounts.find((a) => a.type === 'payment')?.address ?? account.address
  const current = useNamespaceNetwork('bip122', account.isConnected)
  const switcher = useSwitchNetwork()
  const [chosenId, setChosenId] = useState<string | null>(null)
  const chosen = contexts.find((c) => c.option.id === chosenId) ?? contexts[0] ?? null
  const to = chosen ? bitcoinPayAddress(chosen.option) : null
  const onNetwork = Boolean(chosen && current?.caipNetworkId === chosen.network.caipNetworkId)
  const funds = useOptionFunds(chosen, address)
  // The fee of the plan Paylink would make; the wallet picks its own coins and rate (sendTransfer).
  const plan = useBitcoinTransferPlan(
    chosen && address && to ? { esploraUrl: chosen.network.rpcUrl, from: address, amount: chosen.due } : null,
  )
  const send = useSendBitcoinTransfer()
  const payment = usePayment(link.id, (ctx) => {
    const recipient = bitcoinPayAddress(ctx.option)
    if (!recipient) throw new Error('This option has no Bitcoin address to pay; use Scan to pay or ask the merchant.')
    return send({ recipient, amount: ctx.due })
  })
  if (!address) return null

  const coin = chosen?.network.nativeCurrency
  const shortfall = chosen && funds.data ? findShortfall(chosen, funds.data, plan.data?.fee, formatAmount) : null
  return (
    <PayForm
      address={address}
      onChangeAccount={() => void open({ view: 'Account', namespace: 'bip122' })}
      waiting={waiting}
      contexts={contexts}
      chosen={chosen}
      onChoose={setChosenId}
      switchStep={chosen && !onNetwork ? <SwitchNetworkStep network={chosen.network} switcher={switcher} /> : undefined}
      switchError={switcher.error}
      fee={
        <>
          Network fee:{' '}
          {!to
            ? 'this option has no address to pay'
            : plan.isPending
              ? 'estimating…'
              : plan.isError || !coin
                ? `could not be estimated (${describeWalletError(plan.error)})`
                : `≈ ${formatEstimate(plan.data.fee, coin.decimals)} ${coin.symbol} (your wallet sets the final fee)`}
        </>
      }
      shortfall={shortfall}
      notReady={funds.isPending || !plan.isSuccess}
      payment={payment}
    />
  )
}
