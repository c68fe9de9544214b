import { chainFacts } from '@paylink/chains/facts'
import { shortHex } from '@paylink/shared'
import type { WebNamespace } from '@paylink/chains/web'
import { useState } from 'react'
import { usePaylinkKit } from '../../../appkit/PaylinkProvider.js'
import { useConnectedAddress } from '../../../wallet/useConnectedAddress.js'
import { useSignMessage } from '../../../wallet/useSignMessage.js'
import { WalletErrorText } from '../WalletErrorText.js'
import { useT } from '../../../i18n/useT.js'

const bitcoin: WebNamespace = chainFacts.bip122.namespace

/**
 * The toolkit half of the refund page (loaded with AppKit): connect a Bitcoin wallet, then have it
 * sign the statement (BIP-322) with the connected address, which must be one the payment spent from.
 */
export function SignWithBitcoinWallet({
  message,
  onSigned,
}: {
  message: string | null
  onSigned(signer: string, signature: string): void
}) {
  const kit = usePaylinkKit()
  const address = useConnectedAddress(bitcoin)
  const sign = useSignMessage(bitcoin)
  const [error, setError] = useState<{ cause: unknown } | null>(null)
  const { t } = useT()
  if (!address) {
    return (
      <button
        type="button"
        data-testid="refund-connect"
        onClick={() => void kit.appKit.open({ view: 'Connect', namespace: bitcoin })}
      >
        {t('refund.connect')}
      </button>
    )
  }
  return (
    <>
      <button
        type="button"
        className="primary"
        data-testid="refund-sign"
        disabled={!message || sign.isPending}
        onClick={async () => {
          if (!message) return
          setError(null)
          try {
            onSigned(address, await sign.mutateAsync(message))
          } catch (cause) {
            setError({ cause })
          }
        }}
      >
        {sign.isPending ? t('payForm.confirmInWallet') : t('refund.signWith', { address: shortHex(address, 6) })}
      </button>
      {error && <WalletErrorText error={error.cause} testId="refund-sign-error" />}
    </>
  )
}
