import type { Network } from '@paylink/shared'

export interface ContentSecurityPolicyParameters {
  networks: ReadonlyArray<Pick<Network, 'caipNetworkId' | 'rpcUrl'>>
  /** With a Reown project id the toolkit talks to its cloud; without one it must not. */
  projectId: string | null
  /** Add `upgrade-insecure-requests` (only sensible when the app itself is on https). */
  upgradeInsecureRequests?: boolean
}

export type ContentSecurityPolicyDirectives = Record<string, string[]>

/** Reown / WalletConnect hosts AppKit needs once a project id turns its cloud features on. */
export const reownConnectSources = [
  'https://*.walletconnect.org',
  'https://*.walletconnect.com',
  'https://*.web3modal.org',
  'https://*.reown.com',
  'wss://*.walletconnect.org',
]
/**
 * The embedded wallet's frame, and WalletConnect Verify's attestation frame: the site's core loads
 * verify.walletconnect.org/v3/attestation in a hidden frame before each session proposal, and a
 * wallet shows the site's origin as unverified without it.
 */
export const reownFrameSources = ['https://secure.walletconnect.org', 'https://verify.walletconnect.org']

/**
 * The page may load code only from itself and talk only to itself, the configured
 * networks' RPCs and (with a project id) Reown's cloud. Directive names as helmet takes them.
 */
export function buildContentSecurityPolicy({
  networks,
  projectId,
  upgradeInsecureRequests = false,
}: ContentSecurityPolicyParameters): ContentSecurityPolicyDirectives {
  const rpcOrigins = new Set<string>()
  for (const network of networks) for (const origin of rpcOriginsOf(network)) rpcOrigins.add(origin)

  const directives: ContentSecurityPolicyDirectives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'connect-src': ["'self'", ...rpcOrigins, ...(projectId ? reownConnectSources : [])],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    // AppKit injects styles at run time and asks Google Fonts for its typeface.
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
    'frame-ancestors': ["'none'"],
  }
  if (projectId) directives['frame-src'] = [...reownFrameSources]
  if (upgradeInsecureRequests) directives['upgrade-insecure-requests'] = []
  return directives
}

/**
 * The origins a browser contacts for a network: the RPC's own, and for Solana the
 * websocket that @solana/web3.js derives from it (ws[s], port + 1 when a port is given).
 */
function rpcOriginsOf(network: Pick<Network, 'caipNetworkId' | 'rpcUrl'>): string[] {
  let url: URL
  try {
    url = new URL(network.rpcUrl)
  } catch {
    return []
  }
  const origins = [url.origin]
  if (network.caipNetworkId.startsWith('solana:')) {
    const ws = new URL(url.origin)
    ws.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    if (url.port) ws.port = String(Number(url.port) + 1)
    origins.push(`${ws.protocol}//${ws.host}`)
  }
  return origins
}

/** The header value, for tests and for anyone serving the app elsewhere. */
export function serializeContentSecurityPolicy(directives: ContentSecurityPolicyDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ')
}
