import { formatEstimate, formatAmount, type Link } from '@paylink/shared'
import { useAppKit, useAppKitAccount } from '@reown/appkit/react'
import { useState } from 'react'
import { describeWalletError } from '../../wallet/walletErrors.js'
import { useSendSolanaTransfer } from '../../wallet/useSendSolanaTransfer.js'
import { useSolanaTransferFee } from '../../wallet/useSolanaTransferFee.js'
import { PayForm } from './PayForm.js'
import { solanaTransferOf } from './solanaTransferOf.js'
import { usePayment } from './usePayment.js'
import { findShortfall, useOptionFunds, type OptionContext } from './usePayOption.js'

/**
 * Solana: the transfer (SOL, or an SPL token to the recipient's token account, opened when
 * missing) carries the option's Solana Pay reference; its fee and any rent are priced before the
 * wallet is asked. The wallet signs and sends on the option's own chain (no toolkit switch: the
 * chain goes with the request), and the signature goes to the server at once.
 */
export function PayOnSolana({ link, contexts, waiting }: { link: Link; contexts: OptionContext[]; waiting: boolean }) {
  const { open } = useAppKit()
  const { address } = useAppKitAccount({ namespace: 'solana' })
  const [chosenId, setChosenId] = useState<string | null>(null)
  const chosen = contexts.find((c) => c.option.id === chosenId) ?? contexts[0] ?? null
  const funds = useOptionFunds(chosen, address)
  const cost = useSolanaTransferFee(chosen && address ? solanaTransferOf(chosen, address) : null)
  const send = useSendSolanaTransfer()
  const payment = usePayment(link.id, (ctx) => send(solanaTransferOf(ctx, address!), ctx.network.caipNetworkId))
  if (!address) return null

  const coin = chosen?.network.nativeCurrency
  const rent = cost.data?.rent ?? 0n
  // The rent of the recipient's new token account is paid in SOL with the fee.
  const shortfall =
    chosen && funds.data
      ? findShortfall(chosen, funds.data, cost.data ? cost.data.fee + rent : undefined, formatAmount)
      : null
  return (
    <PayForm
      address={address}
      onChangeAccount={() => void open({ view: 'Account', namespace: 'solana' })}
      waiting={waiting}
      contexts={contexts}
      chosen={chosen}
      onChoose={setChosenId}
      fee={
        <>
          Network fee:{' '}
          {cost.isPending
            ? 'estimating…'
            : cost.isError || !coin
              ? `could not be estimated (${describeWalletError(cost.error)})`
              : `≈ ${formatEstimate(cost.data.fee, coin.decimals)} ${coin.symbol}`}
          {rent > 0n && coin && (
            <>
              {' '}
              <span data-testid="pay-rent">
                + {formatEstimate(rent, coin.decimals)} {coin.symbol} to open the merchant's {chosen?.asset.symbol}{' '}
                account
              </span>
            </>
          )}
        </>
      }
      shortfall={shortfall}
      // Priced first: a transfer the network will not price would fail in the wallet too.
      notReady={funds.isPending || !cost.isSuccess}
      payment={payment}
    />
  )
}
