import type { PublicConfig } from '@paylink/shared'

/**
 * The server hands out its own endpoints (the devnet's RPC proxy) as origin-relative paths, so a
 * page opened at localhost, 127.0.0.1 or a LAN address calls back the address it came from.
 * viem, AppKit and the wallets need absolute URLs: resolve them against the page's origin once,
 * where the configuration enters the app. Absolute URLs pass unchanged.
 */
export function resolvePublicConfig(config: PublicConfig, origin: string = window.location.origin): PublicConfig {
  if (!config.networks.some((n) => n.rpcUrl.startsWith('/') || n.wsUrl?.startsWith('/'))) return config
  return {
    ...config,
    networks: config.networks.map((n) => ({
      ...n,
      rpcUrl: n.rpcUrl.startsWith('/') ? new URL(n.rpcUrl, origin).href : n.rpcUrl,
      ...(n.wsUrl ? { wsUrl: n.wsUrl.startsWith('/') ? websocketUrl(n.wsUrl, origin) : n.wsUrl } : {}),
    })),
  }
}

/** A path on the page's own host as a websocket URL: ws:// for an http page, wss:// for https. */
function websocketUrl(path: string, origin: string): string {
  const url = new URL(path, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.href
}
