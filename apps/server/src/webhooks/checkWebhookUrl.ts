/**
 * Whether Paylink may POST to this URL: today, an absolute http(s) URL without credentials.
 * The one place to grow address checks (private ranges, DNS rebinding) later: it runs both
 * when a link is created and before every delivery.
 * Returns null when allowed, else a sentence saying why not.
 */
export function checkWebhookUrl(value: string): string | null {
  if (value.length > 2048) return 'must be at most 2048 characters'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'must be an absolute http(s) URL'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL'
  if (url.username || url.password) return 'must not contain credentials'
  if (!url.hostname) return 'must name a host'
  return null
}
