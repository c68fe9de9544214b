import { readableTextOn, type PublicMerchant } from '@paylink/shared'
import type { CSSProperties } from 'react'
import { LanguageSelect } from '../../i18n/LanguageSelect.js'
import { useT } from '../../i18n/useT.js'

/**
 * The checkout's header: the merchant's logo and name on the merchant's colour (its text black or
 * white, whichever is legible on it), and a quiet "Checkout by Paylink". No menu, no wallet
 * buttons: the page has its one Connect button. The subscribe and manage pages wear it too. Mirrors apps/server/src/web/checkoutShell.ts.
 */
export function PayHeader({ merchant }: { merchant: PublicMerchant }) {
  const { brandColor, logoUrl } = merchant
  const { t } = useT()
  const style = brandColor
    ? ({ '--brand': brandColor, '--brand-text': readableTextOn(brandColor) } as CSSProperties)
    : undefined
  return (
    <header className={brandColor ? 'pay-header branded' : 'pay-header'} data-testid="pay-header" style={style}>
      <div className="pay-header-inner">
        <span className="pay-merchant">
          {logoUrl && (
            <img className="pay-logo" src={logoUrl} alt="" width={32} height={32} data-testid="merchant-logo" />
          )}
          <span className="pay-merchant-name" data-testid="merchant-name">
            {merchant.displayName || t('merchant.unnamed')}
          </span>
        </span>
        <span className="pay-by">{t('header.by')}</span>
        <LanguageSelect />
      </div>
    </header>
  )
}
