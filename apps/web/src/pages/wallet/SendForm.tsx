import { formatEstimate, isDecimalString, parseUnits } from '@paylink/shared'
import { useAppKitAccount } from '@reown/appkit/react'
import { useState } from 'react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { CopyButton } from '../../components/CopyButton.js'
import { explorerUrl } from '../../lib/explorerUrl.js'
import { describeWalletError } from '../../wallet/walletErrors.js'
import { useSendNative } from '../../wallet/useSendNative.js'
import { useTransferFee } from '../../wallet/useTransferFee.js'

/** The amount in atomic units; null while it is not one the coin can hold (too many decimals). */
function toAtomic(amount: string, decimals: number): bigint | null {
  try {
    return parseUnits(amount, decimals)
  } catch {
    return null
  }
}

/** Send the native coin (eip155 and solana only: the toolkit's send namespaces). */
export function SendForm({ namespace, current }: { namespace: 'eip155' | 'solana'; current: string | undefined }) {
  const config = usePaylinkConfig()
  const network = config.networks.find((n) => n.caipNetworkId === current)
  const { address } = useAppKitAccount({ namespace })
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('0.1')
  const send = useSendNative(namespace)
  const validAmount = isDecimalString(amount)
  const value = network && validAmount ? toAtomic(amount, network.nativeCurrency.decimals) : null
  const fee = useTransferFee(
    namespace === 'eip155' && network && address && /^0x[0-9a-fA-F]{40}$/.test(to) && value !== null ? { network, from: address, to, amount: value } : null,
  )
  if (!network) return <p>Pick one of Paylink's networks to send.</p>
  const symbol = network.nativeCurrency.symbol
  const id = `send-${namespace}`
  const explorer = send.data ? explorerUrl(send.data.network, 'tx', send.data.hash) : null
  return (
    <form
      className="tool"
      onSubmit={(e) => {
        e.preventDefault()
        send.mutate({ network, to: to.trim(), amount })
      }}
    >
      <h3>
        Send {symbol} on {network.name}
      </h3>
      <label htmlFor={`${id}-to`}>Recipient</label>
      <input id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)} required autoComplete="off" spellCheck={false} maxLength={100} />
      <label htmlFor={`${id}-amount`}>Amount ({symbol})</label>
      <input id={`${id}-amount`} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required aria-invalid={!validAmount} />
      {!validAmount && <p className="error">Enter an amount such as 0.1</p>}
      {namespace === 'eip155' && (
        <p className="fee" data-testid="fee-preview">
          Network fee:{' '}
          {fee.isFetching
            ? 'estimating…'
            : fee.data !== undefined
              ? `≈ ${formatEstimate(fee.data, network.nativeCurrency.decimals)} ${symbol}`
              : fee.isError
                ? `could not estimate (${describeWalletError(fee.error)})`
                : 'enter a recipient'}
        </p>
      )}
      <button type="submit" className="primary" disabled={send.isPending || !validAmount}>
        {send.isPending ? 'Waiting for the wallet…' : `Send ${symbol}`}
      </button>
      {send.isError && (
        <p role="alert" className="error">
          {describeWalletError(send.error)}
        </p>
      )}
      {send.isSuccess && (
        <p className="result" role="status">
          Sent. Transaction:{' '}
          <code data-testid={`tx-${namespace}`} className="break">
            {send.data.hash}
          </code>{' '}
          <CopyButton value={send.data.hash} />
          {explorer && (
            <>
              {' '}
              <a href={explorer} target="_blank" rel="noreferrer">
                View on explorer
              </a>
            </>
          )}
        </p>
      )}
    </form>
  )
}
