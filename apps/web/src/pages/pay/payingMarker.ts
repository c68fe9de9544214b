/**
 * "This tab is at the wallet step for this option": written to localStorage, which every tab of
 * the browser shares, so a second tab's Pay press knows of a payment the server cannot know yet
 * (no transaction exists before the wallet confirms). Stale after a few minutes: a tab closed at
 * the wallet step never blocks a payer for long.
 */
export interface PayingMarker {
  tab: string
  optionId: string
  payer: string
  at: number
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const key = (linkId: string) => `paylink:paying:${linkId}`
const staleAfterMs = 3 * 60_000
/** This page's own id: its marker is no warning to itself. */
export const thisTab = Math.random().toString(36).slice(2)

function browserStorage(): Store | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function markPaying(
  linkId: string,
  marker: Omit<PayingMarker, 'tab' | 'at'>,
  { store = browserStorage(), now = Date.now(), tab = thisTab } = {},
): void {
  try {
    store?.setItem(key(linkId), JSON.stringify({ ...marker, tab, at: now }))
  } catch {
    // storage full or refused: the server's view still warns once the transaction is out
  }
}

export function clearPaying(linkId: string, { store = browserStorage(), tab = thisTab } = {}): void {
  try {
    const current = readMarker(store?.getItem(key(linkId)))
    if (current?.tab === tab) store?.removeItem(key(linkId))
  } catch {
    // nothing to clear
  }
}

/** Another tab's fresh marker for the link; null for none, this tab's own, a stale or a malformed one. */
export function otherTabPaying(
  linkId: string,
  { store = browserStorage(), now = Date.now(), tab = thisTab } = {},
): PayingMarker | null {
  let marker: PayingMarker | null = null
  try {
    marker = readMarker(store?.getItem(key(linkId)))
  } catch {
    return null
  }
  if (!marker || marker.tab === tab || now - marker.at > staleAfterMs || marker.at > now + 60_000) return null
  return marker
}

function readMarker(raw: string | null | undefined): PayingMarker | null {
  if (!raw) return null
  const parsed: unknown = JSON.parse(raw)
  if (typeof parsed !== 'object' || parsed === null) return null
  const { tab, optionId, payer, at } = parsed as Record<string, unknown>
  return typeof tab === 'string' && typeof optionId === 'string' && typeof payer === 'string' && typeof at === 'number'
    ? { tab, optionId, payer, at }
    : null
}
