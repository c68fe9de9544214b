/**
 * The dashboard and the toolkit page want the toolkit at once (signing in, AppKit's own views).
 * The home page, the checkout, the point of sale (no wallet there) and the wallet page never fetch it by themselves: it comes when the
 * visitor reaches for a wallet control (watchWalletIntent.ts) or has a connection to restore. The
 * wallet page's first screen for a visitor without a connection (every chain disconnected, its
 * Connect buttons) needs none of it; loading it there at once held its largest paint behind
 * 770 KiB of script on a phone (Lighthouse 71).
 */
export function needsKitAtOnce(pathname: string): boolean {
  return !(
    pathname === '/' ||
    pathname === '' ||
    pathname.startsWith('/pay/') ||
    pathname.startsWith('/pos/') ||
    pathname === '/wallet'
  )
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

/** AppKit will restore a connection in this browser (restoresWalletConnection on localStorage). */
export function hasSavedConnection(): boolean {
  return restoresWalletConnection(localStorageOrNull())
}

/** The toolkit starts with the page: a page that needs it at once, or a connection AppKit will restore. */
export function kitWantedAtStart(pathname: string): boolean {
  return needsKitAtOnce(pathname) || hasSavedConnection()
}
