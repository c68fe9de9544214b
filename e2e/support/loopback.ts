import type { BrowserContext, Route } from '@playwright/test'

export function isLoopback(url: string): boolean {
  try {
    const { hostname, protocol } = new URL(url)
    if (protocol === 'data:' || protocol === 'blob:') return true
    return hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname)
  } catch {
    return true
  }
}

export interface LoopbackOptions {
  /** Hosts whose requests are held forever instead of failing (a firewall that drops packets). */
  hang?: (hostname: string) => boolean
}

/** Every request to a non-loopback host fails at once, or hangs when asked to. */
export async function keepToLoopback(context: BrowserContext, { hang }: LoopbackOptions = {}): Promise<void> {
  const held: Route[] = []
  await context.route(
    (url) => !isLoopback(url.href),
    (route) => {
      const host = new URL(route.request().url()).hostname
      if (hang?.(host)) {
        held.push(route)
        return
      }
      return route.abort('internetdisconnected')
    },
  )
  context.on('close', () => held.splice(0))
  // WalletConnect's relay is a WebSocket, which page routes do not see.
  await context.routeWebSocket(
    (url) => !isLoopback(url.href.replace(/^ws/, 'http')),
    (ws) => ws.close({ code: 1011, reason: 'offline test' }),
  )
}
