import { formatEstimate, isDecimalString, parseUnits, recipientProblem } from '@paylink/shared'
import { webFamilyOf } from '@paylink/chains/web'
import { useAppKitAccount } from '@reown/appkit/react'
import { useState } from 'react'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { CopyButton } from '../../components/CopyButton.js'
import { explorerUrl } from '../../lib/explorerUrl.js'
import { fieldSentence } from '../dashboard/Field.js'
import { assetsOf } from '../../wallet/useBalances.js'
import { useSendAsset } from '../../wallet/useSendAsset.js'
import { useTransferFee } from '../../wallet/useTransferFee.js'
import { plainWalletError } from './plainWalletError.js'
import type { WalletNamespace } from './walletNamespace.js'
import { ErrorText } from '../../components/ErrorText.js'

/** The amount in atomic units; null while it is not one the asset can hold (too many decimals). */
function toAtomic(amount: string, decimals: number): bigint | null {
  try {
    return parseUnits(amount, decimals)
  } catch {
    return null
  }
}

/** Send the coin or a token of the current network, the fee shown first (the family's part: packages/chains/src/<ns>/web). */
export function SendForm({ namespace, current }: { namespace: WalletNamespace; current: string | undefined }) {
  const family = webFamilyOf(namespace).send
  const config = usePaylinkConfig()
  const network = config.networks.find((n) => n.caipNetworkId === current)
  const assets = network ? assetsOf(config.assets, network) : []
  const { address } = useAppKitAccount({ namespace })
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('0.1')
  const [assetId, setAssetId] = useState<string | null>(null)
  const asset = assets.find((a) => a.assetId === assetId) ?? assets[0]
  const send = useSendAsset(namespace)
  const validAmount = isDecimalString(amount)
  const value = asset && validAmount ? toAtomic(amount, asset.decimals) : null
  const recipient = to.trim()
  // Checked as a link's recipient is (checksum, a wallet on the curve, the network's prefix): a
  // typo is refused here rather than sent to.
  const toProblem = recipient && network ? recipientProblem(namespace, recipient, network.caipNetworkId) : null
  const ready = network && asset && address && value !== null && value > 0n && !toProblem
  const fee = useTransferFee(
    namespace,
    ready && family.looksLikeAddress(recipient)
      ? { network, asset, from: address, to: recipient, amount: value }
      : null,
  )
  if (!network || !asset) return <p>Pick one of Paylink's networks to send.</p>
  const coin = network.nativeCurrency
  const rent = fee.data?.rent ?? 0n
  const symbol = asset.symbol
  const id = `send-${namespace}`
  const explorer = send.data ? explorerUrl(send.data.network, 'tx', send.data.hash) : null
  return (
    <form
      className="tool"
      onSubmit={(e) => {
        e.preventDefault()
        send.mutate({
          network,
          asset,
          to: recipient,
          amount,
          priced: fee.data,
        })
      }}
    >
      <h3>Send on {network.name}</h3>
      {assets.length > 1 && (
        <>
          <label htmlFor={`${id}-asset`}>Asset</label>
          <select id={`${id}-asset`} value={asset.assetId} onChange={(e) => setAssetId(e.target.value)}>
            {assets.map((a) => (
              <option key={a.assetId} value={a.assetId}>
                {a.symbol} ({a.name})
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${id}-to`}>Recipient</label>
      <input
        id={`${id}-to`}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        aria-invalid={Boolean(toProblem)}
        aria-describedby={toProblem ? `${id}-to-problem` : undefined}
      />
      {toProblem && (
        <p className="error" id={`${id}-to-problem`}>
          {fieldSentence('Recipient', toProblem)}
        </p>
      )}
      <label htmlFor={`${id}-amount`}>Amount ({symbol})</label>
      <input
        id={`${id}-amount`}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        inputMode="decimal"
        required
        aria-invalid={!validAmount}
      />
      {!validAmount && <p className="error">Enter an amount such as 0.1</p>}
      <p className="fee" data-testid="fee-preview">
        Network fee:{' '}
        {fee.isFetching
          ? 'estimating…'
          : fee.data !== undefined
            ? family.feeText(fee.data, coin)
            : fee.isError
              ? `could not estimate (${plainWalletError(fee.error, asset)})`
              : 'enter a recipient'}
        {rent > 0n && !fee.isFetching && (
          <>
            {' '}
            <span data-testid="rent-preview">
              + {formatEstimate(rent, coin.decimals)} {coin.symbol} to open the recipient's {symbol} account
            </span>
          </>
        )}
      </p>
      <button
        type="submit"
        className="primary"
        disabled={send.isPending || !validAmount || Boolean(toProblem) || (family.sendsWhatWasPriced && !fee.data)}
      >
        {send.isPending ? 'Waiting for the wallet…' : `Send ${symbol}`}
      </button>
      <ErrorText error={send.isError && plainWalletError(send.error, asset)} />
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
