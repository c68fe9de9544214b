import { refundAddressMessage, type Link, type Payment } from '@paylink/shared'
import { lazy, Suspense, useId, useState } from 'react'
import { ApiRequestError } from '../../../api/client.js'
import { giveRefundAddress } from '../../../api/checkout.js'
import { usePaylinkContext } from '../../../appkit/PaylinkProvider.js'
import { loadKitModule } from '../../../appkit/loadKitModule.js'
import { CopyButton } from '../../../components/CopyButton.js'
import { checkRefundAddress } from './checkRefundAddress.js'
import { useT } from '../../../i18n/useT.js'

const SignWithBitcoinWallet = lazy(() =>
  loadKitModule()
    .then(() => import('./SignWithBitcoinWallet.js'))
    .then((m) => ({ default: m.SignWithBitcoinWallet })),
)

/**
 * One Bitcoin payment's refund address: the payer types it, signs the statement the page shows
 * (with the connected wallet, or with any wallet and pastes the signature), and the server keeps
 * it once the signature checks out against one of the payment's input addresses.
 */
export function RefundAddressForm({ link, payment }: { link: Link; payment: Payment }) {
  const { kit, requestKit } = usePaylinkContext()
  const [address, setAddress] = useState(payment.refundAddress?.address ?? '')
  // The statement says when it was made: the server takes it for an hour, and a stored address
  // gives way only to a newer one. Dated anew with each address typed.
  const [issuedAt, setIssuedAt] = useState(() => new Date().toISOString())
  const [signer, setSigner] = useState(payment.payer ?? '')
  const [signature, setSignature] = useState('')
  const { t } = useT()
  const [touched, setTouched] = useState(false)
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  })
  const [kitWanted, setKitWanted] = useState(false)
  const id = useId()
  const checked = checkRefundAddress(address, payment.caipNetworkId)
  const message = checked.ok
    ? refundAddressMessage({
        linkId: link.id,
        paymentId: payment.id,
        txHash: payment.txHash,
        refundAddress: checked.address,
        issuedAt,
      })
    : null

  const save = async (signedBy: string, signed: string) => {
    if (!message || !checked.ok) return
    setState({ kind: 'saving' })
    try {
      await giveRefundAddress(payment.id, {
        refundAddress: checked.address,
        signer: signedBy.trim(),
        issuedAt,
        message,
        signature: signed.trim(),
      })
      setState({ kind: 'saved' })
    } catch (cause) {
      setState({ kind: 'error', message: cause instanceof ApiRequestError ? cause.message : (cause as Error).message })
    }
  }

  return (
    <form
      className="refund-address-form"
      aria-label={t('receipt.refundAddress')}
      data-testid={`refund-address-form-${payment.id}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTouched(true)
        if (!checked.ok) return
        if (!signer.trim() || !signature.trim())
          return setState({
            kind: 'error',
            message: t('refund.signFirst'),
          })
        void save(signer, signature)
      }}
    >
      <label htmlFor={`${id}-address`}>{t('refund.addressLabel')}</label>
      <input
        id={`${id}-address`}
        data-testid="refund-address-input"
        autoComplete="off"
        spellCheck={false}
        value={address}
        aria-invalid={touched && !checked.ok}
        aria-describedby={`${id}-address-hint`}
        onChange={(e) => {
          setAddress(e.target.value)
          setIssuedAt(new Date().toISOString())
          setSignature('')
          setState({ kind: 'idle' })
        }}
        onBlur={() => setTouched(true)}
      />
      <p id={`${id}-address-hint`} className={touched && !checked.ok ? 'error' : 'muted'}>
        {touched && !checked.ok
          ? t(checked.problem.id, 'values' in checked.problem ? checked.problem.values : undefined)
          : t('refund.addressHint')}
      </p>

      {message && (
        <>
          <label htmlFor={`${id}-message`}>{t('refund.message')}</label>
          <textarea id={`${id}-message`} data-testid="refund-message" readOnly rows={6} value={message} />
          <p className="muted">
            {t('refund.signHint')}{' '}
            <CopyButton value={message} label={t('refund.copyMessage')} copiedText={t('common.copied')} />
          </p>
          <div className="refund-sign">
            {kit || kitWanted ? (
              <Suspense fallback={<p role="status">{t('refund.kitLoading')}</p>}>
                <SignWithBitcoinWallet
                  message={message}
                  onSigned={(signedBy, signed) => {
                    setSigner(signedBy)
                    setSignature(signed)
                    void save(signedBy, signed)
                  }}
                />
              </Suspense>
            ) : (
              <button
                type="button"
                data-testid="refund-use-wallet"
                onClick={() => {
                  setKitWanted(true)
                  void requestKit().catch((cause: Error) =>
                    setState({ kind: 'error', message: t('wallet.kitFailed', { error: cause.message }) }),
                  )
                }}
              >
                {t('refund.useWallet')}
              </button>
            )}
          </div>
          <details>
            <summary>{t('refund.paste')}</summary>
            <label htmlFor={`${id}-signer`}>{t('refund.signerLabel')}</label>
            <input
              id={`${id}-signer`}
              data-testid="refund-signer"
              autoComplete="off"
              spellCheck={false}
              value={signer}
              onChange={(e) => setSigner(e.target.value)}
            />
            <label htmlFor={`${id}-signature`}>{t('refund.signatureLabel')}</label>
            <textarea
              id={`${id}-signature`}
              data-testid="refund-signature"
              rows={3}
              spellCheck={false}
              value={signature}
              onChange={(e) => setSignature(e.target.value)}
            />
            <button type="submit" disabled={state.kind === 'saving'}>
              {state.kind === 'saving' ? t('refund.saving') : t('refund.save')}
            </button>
          </details>
        </>
      )}
      {state.kind === 'saving' && <p role="status">{t('refund.checking')}</p>}
      {state.kind === 'saved' && (
        <p role="status" className="ok" data-testid="refund-address-saved">
          {t('refund.saved')}{' '}
          <code className="receipt-long" dir="ltr">
            {checked.ok ? checked.address : address}
          </code>
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="error" data-testid="refund-address-error">
          {state.message}
        </p>
      )}
    </form>
  )
}
