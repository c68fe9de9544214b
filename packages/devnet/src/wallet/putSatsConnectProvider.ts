/** An entry of sats-connect's `window.btc_providers` list. */
export type SatsConnectProviderEntry = { id: string; name: string; icon: string; methods: string[] }

/**
 * Puts a Bitcoin provider where sats-connect, and so AppKit's Bitcoin adapter, finds it: the
 * entry in `window.btc_providers`, the provider object at the dotted path into `window` that the
 * entry's id names (sats-connect `getProviderById`).
 */
export function putSatsConnectProvider(
  win: Record<string, unknown> & { btc_providers?: unknown[] },
  entry: SatsConnectProviderEntry,
  provider: unknown,
): void {
  const [root, leaf] = entry.id.split('.') as [string, string]
  const holder = (win[root] ??= {}) as Record<string, unknown>
  holder[leaf] = provider
  const providers = Array.isArray(win.btc_providers) ? win.btc_providers : (win.btc_providers = [])
  providers.push(entry)
}
