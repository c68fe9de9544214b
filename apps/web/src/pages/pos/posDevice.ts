// What a shop device keeps between page loads: its token (from the device link, so the link need
// not stay in the address bar) and the sale on screen, so a reload mid-sale shows the same sale.

const tokenKey = (linkId: string) => `paylink:pos:${linkId}:token`
const saleKey = (linkId: string) => `paylink:pos:${linkId}:sale`

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Storage refused (private mode): this page load still works, a reload asks for the device link again.
  }
}

/**
 * The device token: taken from the device link (`#t=…`, or `?token=`) and remembered, the link then
 * cleaned from the address bar so the token is not left on screen; else the remembered one.
 */
export function takeDeviceToken(
  linkId: string,
  location: Pick<Location, 'hash' | 'search' | 'pathname'>,
): string | null {
  const given =
    new URLSearchParams(location.hash.replace(/^#/, '')).get('t') ?? new URLSearchParams(location.search).get('token')
  if (given) {
    write(tokenKey(linkId), given)
    try {
      window.history.replaceState(window.history.state, '', location.pathname)
    } catch {
      // A browser refusing replaceState keeps the link in the bar; the token is remembered all the same.
    }
    return given
  }
  return read(tokenKey(linkId))
}

export const currentSale = (linkId: string): string | null => read(saleKey(linkId))
export const rememberSale = (linkId: string, orderId: string | null) => write(saleKey(linkId), orderId)
