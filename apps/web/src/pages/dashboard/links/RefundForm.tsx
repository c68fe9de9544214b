import { parseUnits, shortHex, type Link, type Payment } from '@paylink/shared'
import { useId, useState } from 'react'
import { ApiRequestError } from '../../../api/client.js'
import { recordRefund } from '../../../api/merchant.js'
import { usePaylinkConfig } from '../../../appkit/PaylinkProvider.js'
import { useConnectedAddress } from '../../../wallet/useConnectedAddress.js'
import { useSendAsset } from '../../../wallet/useSendAsset.js'
import { describeWalletError } from '../../../wallet/walletErrors.js'
import { Field } from '../Field.js'
import { refundChoices } from './refundChoices.js'

type Choice = 'full' | 'excess' | 'amount'
type Namespace = 'eip155' | 'solana' | 'bip122'

/**
 * Refund of one confirmed payment, non-custodial: the merchant's connected wallet (the one the
 * option pays) sends the money back to the address that paid (on Bitcoin: the address the payer
 * gave and signed on the refund page, or one the merchant types), then the server records it once it has read the transaction on chain.
 */
export function RefundForm({ link, payment }: { link: Link; payment: Payment }) {
  const { networks, assets } = usePaylinkConfig()
  const namespace = payment.caipNetworkId.split(':')[0] as Namespace
  const option = link.options.find((o) => o.id === payment.optionId)
  const choices = refundChoices(link, payment)
  const connected = useConnectedAddress(namespace)
  const send = useSendAsset(namespace)
  const [open, setOpen] = useState(false)
  const [choice, setChoice] = useState<Choice>(choices?.excess ? 'excess' : 'full')
  const [amount, setAmount] = useState('')
  // On Bitcoin, the address the payer gave on the refund page (signed from an address the payment spent from).
  const [address, setAddress] = useState(payment.refundAddress?.address ?? '')
  const [error, setError] = useState<string | null>(null)
  const [stage, setStage] = useState<'idle' | 'sending' | 'recording' | 'done'>('idle')
  const formId = useId()
  if (!choices || !option || choices.full === '0' || !payment.payer) return null
  const network = networks.find((n) => n.caipNetworkId === payment.caipNetworkId)
  const asset = assets.find((a) => a.assetId.toLowerCase() === option.asset.toLowerCase())
  if (!network || !asset) return null
  const sameAccount = (a: string | undefined, b: string) =>
    namespace === 'eip155' ? a?.toLowerCase() === b.toLowerCase() : a === b
  // On Bitcoin the option's recipient is a watch-only key: any connected Bitcoin wallet may be the merchant's.
  const rightWallet = namespace === 'bip122' ? Boolean(connected) : sameAccount(connected, option.recipient)

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
    const to = namespace === 'bip122' ? address.trim() : payment.payer!
    if (namespace === 'bip122' && !/^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$/i.test(to))
      return setError('Refund address: a Bitcoin address such as bcrt1q…')
    try {
      setStage('sending')
      const { hash } = await send.mutateAsync({ network, asset, to, amount: chosen })
      setStage('recording')
      await recordRefund(
        payment.id,
        { txHash: hash, ...(namespace === 'bip122' ? { refundAddress: to } : {}) },
        namespace === 'bip122' ? 40 : 10,
      )
      setStage('done')
      setOpen(false)
    } catch (cause) {
      setStage('idle')
      setError(cause instanceof ApiRequestError ? cause.message : describeWalletError(cause))
    }
  }
  const busy = stage === 'sending' || stage === 'recording'
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
          {namespace === 'bip122' ? (
            'a Bitcoin address'
          ) : (
            <code title={payment.payer}>{shortHex(payment.payer, 6)}</code>
          )}
        </legend>
        <label>
          <input
            type="radio"
            name={`${formId}-choice`}
            checked={choice === 'full'}
            onChange={() => setChoice('full')}
          />{' '}
          Full: {choices.full} {option.symbol}
        </label>
        {choices.excess && (
          <label>
            <input
              type="radio"
              name={`${formId}-choice`}
              checked={choice === 'excess'}
              onChange={() => setChoice('excess')}
            />{' '}
            The excess: {choices.excess} {option.symbol}
          </label>
        )}
        <label>
          <input
            type="radio"
            name={`${formId}-choice`}
            checked={choice === 'amount'}
            onChange={() => setChoice('amount')}
          />{' '}
          An amount
        </label>
        {choice === 'amount' && (
          <Field id={`${formId}-amount`} label={`Amount (${option.symbol})`}>
            {(props) => (
              <input
                {...props}
                autoFocus
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </Field>
        )}
        {namespace === 'bip122' && (
          <Field
            id={`${formId}-address`}
            label="Refund address"
            hint={
              payment.refundAddress && address.trim().toLowerCase() === payment.refundAddress.address
                ? `Given by the payer, signed by ${shortHex(payment.refundAddress.signer, 6)} (an address the payment came from).`
                : "The payer's Bitcoin address, as they gave it to you (or ask them to give one on the receipt's refund page, signed)."
            }
          >
            {(props) => (
              <input
                {...props}
                autoComplete="off"
                spellCheck={false}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
              />
            )}
          </Field>
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
