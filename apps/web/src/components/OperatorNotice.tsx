import type { PublicConfig } from '@paylink/shared'

/**
 * What the toolkit says to operators as a red "Project ID Not Configured" alert (kept from payers:
 * appkit/keepOperatorAlertsFromPayers.ts), said here with what it means and what to do.
 */
export function OperatorNotice({ config }: { config: PublicConfig }) {
  if (config.projectId) return null
  return (
    <aside className="operator-notice" role="note" data-testid="operator-notice" aria-label="For the operator">
      <strong>No Reown project id is configured.</strong> Browser wallets connect, sign and pay; email and social login,
      WalletConnect (QR code and mobile wallets) and swaps are off, and payers are not offered them. To turn them on,
      create a project at{' '}
      <a href="https://cloud.reown.com" target="_blank" rel="noreferrer">
        cloud.reown.com
      </a>
      , add this site&apos;s origin to its allow-list, and restart Paylink with{' '}
      <code>REOWN_PROJECT_ID=&lt;your id&gt;</code>.
    </aside>
  )
}
