import type { Asset, Network, PublicConfig } from '@paylink/shared'

export interface ToPublicConfigParameters {
  projectId: string | null
  demo: boolean
  networks: readonly Network[]
  assets: readonly Asset[]
  /** SMTP is configured: the checkout offers an email receipt (default false). */
  receiptEmail?: boolean
  /** The origins the app itself is served at: a URL on one of them is handed out origin-relative. */
  publicOrigins?: readonly string[] | undefined
}

/**
 * What the web app needs to start: everything here is public by design. URLs of the app's own
 * endpoints are origin-relative (`/devnet/rpc/31337`) so a page opened at localhost, 127.0.0.1 or
 * a LAN address calls back the address it came from (a fixed host would be cross-origin there).
 */
export function toPublicConfig({
  projectId,
  demo,
  networks,
  assets,
  receiptEmail = false,
  publicOrigins = [],
}: ToPublicConfigParameters): PublicConfig {
  return {
    projectId,
    demo,
    // The server's own endpoints (rpcUrls) may carry a paid provider's key: never sent.
    networks: networks.map(({ rpcUrls: _serverOnly, ...n }) => ({
      ...n,
      rpcUrl: originRelative(n.rpcUrl, publicOrigins),
      ...(n.wsUrl ? { wsUrl: originRelative(n.wsUrl, publicOrigins) } : {}),
      nativeCurrency: { ...n.nativeCurrency },
    })),
    assets: assets.map((a) => ({ ...a })),
    receiptEmail,
  }
}

function originRelative(url: string, publicOrigins: readonly string[]): string {
  if (url.startsWith('/')) return url
  const parsed = new URL(url)
  if (!publicOrigins.includes(parsed.origin)) return url
  return `${parsed.pathname}${parsed.search}` || '/'
}
