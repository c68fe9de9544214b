/**
 * Pages that are all about the wallet (the wallet page, the dashboard, the toolkit page) want the
 * toolkit at once. The home page and the checkout never fetch it by themselves: it comes when the
 * visitor reaches for a wallet control (watchWalletIntent.ts) or has a connection to restore.
 */
export function needsKitAtOnce(pathname: string): boolean {
  return !(pathname === '/' || pathname === '' || pathname.startsWith('/pay/'))
}

/** AppKit 1.7.8's own keys (SafeLocalStorageKeys in @reown/appkit-common), read without loading it. */
const connectionStatusKey = '@appkit/connection_status'
const connectorIdKey = /^@appkit\/[^:]+:connected_connector_id$/

/**
 * True when AppKit left a wallet connected in this browser: the toolkit must start at once to
 * restore it, so the page shows the connected account instead of a Connect button that lies.
 * AppKit writes these keys on connect and clears them on disconnect.
 */
export function restoresWalletConnection(storage: Pick<Storage, 'getItem' | 'key' | 'length'> | null): boolean {
  if (!storage) return false
  try {
    if (storage.getItem(connectionStatusKey) === 'connected') return true
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key && connectorIdKey.test(key) && storage.getItem(key)) return true
    }
  } catch {
    // Storage refused (strict privacy settings): AppKit cannot restore anything either.
  }
  return false
}

/** localStorage, or null where the browser refuses it (reading it can throw). */
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** The toolkit starts with the page: a wallet page, or a connection AppKit will restore. */
export function kitWantedAtStart(pathname: string): boolean {
  return needsKitAtOnce(pathname) || restoresWalletConnection(localStorageOrNull())
}
