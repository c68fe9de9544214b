/**
 * Pages that are all about the wallet (the wallet page, the dashboard, the toolkit page) want the
 * toolkit at once; the home page and the checkout paint first and fetch it when the browser is idle.
 */
export function needsKitAtOnce(pathname: string): boolean {
  return !(pathname === '/' || pathname === '' || pathname.startsWith('/pay/'))
}
