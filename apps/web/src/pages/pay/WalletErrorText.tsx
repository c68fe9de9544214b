import { m, useT, type TextOf } from '../../i18n/useT.js'
import { walletErrorOf, type WalletErrorKind } from '../../wallet/walletErrors.js'

const sentences = {
  declined: m('walletError.declined'),
  unauthorised: m('walletError.unauthorised'),
  unsupported: m('walletError.unsupported'),
  otherNetwork: m('walletError.otherNetwork'),
} satisfies Record<WalletErrorKind, string>

/** A wallet's error in one phrase of the payer's language: a known kind translated, else the library's own words. */
export function walletErrorPhrase(t: TextOf, error: unknown): string {
  const { kind, raw } = walletErrorOf(error)
  return kind ? t(sentences[kind]) : raw || t('walletError.other')
}

/**
 * A wallet's error on the payer's pages: a known kind (declined, not authorised, …) in the payer's
 * language, anything else said to be the wallet's; under it, the wallet library's own words as it
 * wrote them (English, mostly), for whoever helps the payer.
 */
export function WalletErrorText({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useT()
  const { kind, raw } = walletErrorOf(error)
  return (
    <>
      <p role="alert" className="error" data-testid={testId}>
        {t(kind ? sentences[kind] : 'walletError.other')}
      </p>
      {raw && (
        <p className="muted wallet-error-details" data-testid={testId && `${testId}-details`}>
          {t('walletError.details')} <span dir="auto">{raw}</span>
        </p>
      )}
    </>
  )
}
