import type { PublicConfig } from '@paylink/shared'

/**
 * The server hands out its own endpoints (the devnet's RPC proxy) as origin-relative paths, so a
 * page opened at localhost, 127.0.0.1 or a LAN address calls back the address it came from.
 * viem, AppKit and the wallets need absolute URLs: resolve them against the page's origin once,
 * where the configuration enters the app. Absolute URLs pass unchanged.
 */
export function resolvePublicConfig(config: PublicConfig, origin: string = window.location.origin): PublicConfig {
  if (!config.networks.some((n) => n.rpcUrl.startsWith('/'))) return config
  return {
    ...config,
    networks: config.networks.map((n) => (n.rpcUrl.startsWith('/') ? { ...n, rpcUrl: new URL(n.rpcUrl, origin).href } : n)),
  }
}
