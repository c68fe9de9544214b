import { parseUnits, recipientProblem, shortHex, type Link, type Payment } from '@paylink/shared'
import { webFamilyOf } from '@paylink/chains/web'
import { useId, useState } from 'react'
import { ApiRequestError } from '../../../api/client.js'
import { recordRefund } from '../../../api/merchant.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { useConnectedAddress } from '../../../wallet/useConnectedAddress.js'
import { useSendAsset } from '../../../wallet/useSendAsset.js'
import { describeWalletError } from '../../../wallet/walletErrors.js'
import { fieldSentence, TextField } from '../Field.js'
import { refundChoices } from './refundChoices.js'

type Choice = 'full' | 'excess' | 'amount'

/**
 * Refund of one confirmed payment, non-custodial: the merchant's connected wallet (the one the
 * option pays) sends the money back to the address that paid (on Bitcoin: the address the payer
 * gave and signed on the refund page, or one the merchant types), then the server records it once it has read the transaction on chain.
 */
export function RefundForm({ link, payment }: { link: Link; payment: Payment }) {
  const { networks, assets } = usePaylinkConfig()
  const { namespace, refund } = webFamilyOf(payment.caipNetworkId)
  const option = link.options.find((o) => o.id === payment.optionId)
  const choices = refundChoices(link, payment)
  const connected = useConnectedAddress(namespace)
  const send = useSendAsset(namespace)
  const [open, setOpen] = useState(false)
  const [choice, setChoice] = useState<Choice>(choices?.excess ? 'excess' : 'full')
  const [amount, setAmount] = useState('')
  // Where the family asks for one (Bitcoin): the address the payer gave on the refund page (signed from an address the payment spent from).
  const [address, setAddress] = useState(payment.refundAddress?.address ?? '')
  const [error, setError] = useState<string | null>(null)
  const [stage, setStage] = useState<'idle' | 'sending' | 'recording' | 'done'>('idle')
  const formId = useId()
  if (!choices || !option || choices.full === '0' || !payment.payer) return null
  const network = networks.find((n) => n.caipNetworkId === payment.caipNetworkId)
  const asset = assets.find((a) => a.assetId.toLowerCase() === option.asset.toLowerCase())
  if (!network || !asset) return null
  const rightWallet = refund.isMerchantWallet(connected, option.recipient)

  if (!open) {
    return (
      <button type="button" className="dash-small" onClick={() => setOpen(true)} data-testid={`refund-${payment.id}`}>
        Refund…
      </button>
    )
  }

  const chosen = choice === 'full' ? choices.full : choice === 'excess' ? (choices.excess ?? '') : amount.trim()
  const submit = async () => {
    setError(null)
    let atomic: bigint
    try {
      atomic = parseUnits(chosen, option.decimals)
    } catch {
      setError(`Amount: a number with at most ${option.decimals} decimals, such as 1.5`)
      return
    }
    if (atomic <= 0n) return setError('Amount: must be more than 0')
    if (atomic > parseUnits(choices.full, option.decimals))
      return setError(`Amount: at most ${choices.full} ${option.symbol} is left to refund`)
    const to = refund.askAddress ? address.trim() : payment.payer!
    // The family's hint first, then the address's own checksum and network: the wallet would send to a typo.
    const addressProblem =
      refund.askAddress && (refund.askAddress.problem(to) ?? recipientProblem(namespace, to, payment.caipNetworkId))
    if (addressProblem) return setError(fieldSentence('Refund address', addressProblem))
    try {
      setStage('sending')
      const { hash } = await send.mutateAsync({ network, asset, to, amount: chosen })
      setStage('recording')
      await recordRefund(
        payment.id,
        { txHash: hash, ...(refund.askAddress ? { refundAddress: to } : {}) },
        refund.recordTries,
      )
      setStage('done')
      setOpen(false)
    } catch (cause) {
      setStage('idle')
      setError(cause instanceof ApiRequestError ? cause.message : describeWalletError(cause))
    }
  }
  const busy = stage === 'sending' || stage === 'recording'
  const radios: Array<[Choice, string]> = [
    ['full', `Full: ${choices.full} ${option.symbol}`],
    ...(choices.excess ? [['excess', `The excess: ${choices.excess} ${option.symbol}`] as [Choice, string]] : []),
    ['amount', 'An amount'],
  ]
  return (
    <form
      className="dash-refund"
      aria-label={`Refund payment ${shortHex(payment.txHash, 6)}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <fieldset disabled={busy}>
        <legend>
          Refund to{' '}
          {refund.askAddress ? (
            refund.askAddress.legend
          ) : (
            <code title={payment.payer}>{shortHex(payment.payer, 6)}</code>
          )}
        </legend>
        {radios.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={`${formId}-choice`}
              checked={choice === value}
              onChange={() => setChoice(value)}
            />{' '}
            {label}
          </label>
        ))}
        {choice === 'amount' && (
          <TextField
            id={`${formId}-amount`}
            label={`Amount (${option.symbol})`}
            autoFocus
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={setAmount}
          />
        )}
        {refund.askAddress && (
          <TextField
            id={`${formId}-address`}
            label="Refund address"
            hint={
              payment.refundAddress && address.trim().toLowerCase() === payment.refundAddress.address
                ? `Given by the payer, signed by ${shortHex(payment.refundAddress.signer, 6)} (an address the payment came from).`
                : refund.askAddress.hint
            }
            autoComplete="off"
            spellCheck={false}
            value={address}
            onChange={setAddress}
          />
        )}
      </fieldset>
      {!rightWallet && (
        <p className="dash-small" role="note">
          Connect the wallet this option pays ({shortHex(option.recipient, 6)}) to send the refund: Paylink never holds
          the money.
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {stage === 'recording' && (
        <p role="status" className="dash-small">
          Sent; waiting until the server sees it on chain…
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !rightWallet}>
          {stage === 'sending' ? 'Confirm in your wallet…' : stage === 'recording' ? 'Recording…' : `Send refund`}
        </button>
        <button type="button" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}
