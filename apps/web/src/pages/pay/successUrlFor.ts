/** The merchant's success page with the link id added (`paylink_link_id`), or null when it is not an http(s) URL. */
export function successUrlFor(successUrl: string, linkId: string): URL | null {
  let url: URL
  try {
    url = new URL(successUrl)
  } catch {
    return null
  }
  // The server accepts only these; checked again here because this page is the one that navigates.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  url.searchParams.set('paylink_link_id', linkId)
  return url
}
