import type { Link, PublicConfig } from '@paylink/shared'
import type { QueryClient } from '@tanstack/react-query'
import { linkQueryKey } from '../../api/useLiveLink.js'

/**
 * The server writes a checkout's data into the page (`<script type="application/json"
 * id="paylink-boot">`, apps/server/src/web/checkoutShell.ts); the app starts from it instead of
 * asking the API again, so its first render already shows the link. Absent or unreadable: the
 * app fetches as usual. Returns whether there was data.
 */
export function readCheckoutBoot(client: QueryClient, doc: Pick<Document, 'getElementById'> = document): boolean {
  const text = doc.getElementById('paylink-boot')?.textContent
  if (!text) return false
  try {
    const boot = JSON.parse(text) as { config?: PublicConfig; link?: Link }
    if (!boot.config || !boot.link?.id) return false
    client.setQueryData(['config'], boot.config)
    client.setQueryData(linkQueryKey(boot.link.id), boot.link)
    return true
  } catch {
    return false
  }
}
