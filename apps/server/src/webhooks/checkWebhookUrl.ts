import { isIP } from 'node:net'
import { classifyAddress } from './classifyAddress.js'

/** What webhook URLs may reach: both off on a real instance, on for the devnet demo and tests. */
export interface WebhookPolicy {
  /** Plain http:// (WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean
  /** Loopback, private, link-local, … addresses (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses: boolean
}

/**
 * Whether Paylink may POST to this URL, judged from the text alone: an absolute https URL
 * (http only when allowed) without credentials, whose host, if an IP literal, is a public
 * address. Runs when a link is created and before every delivery; the host's DNS answers are
 * checked at delivery time by `resolveWebhookTarget`, since they can change after saving.
 * Returns null when allowed, else a sentence saying why not.
 */
export function checkWebhookUrl(value: string, policy: WebhookPolicy): string | null {
  if (value.length > 2048) return 'must be at most 2048 characters'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'must be an absolute https URL'
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return policy.allowHttp ? 'must be an http or https URL' : 'must be an https URL'
  }
  if (url.username || url.password) return 'must not contain credentials'
  if (!url.hostname) return 'must name a host'
  if (!policy.allowPrivateAddresses) {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host)) {
      const reason = classifyAddress(host)
      if (reason) return `must not point at ${host}, ${reason}`
    }
    if (host === 'localhost' || host.endsWith('.localhost')) return 'must not point at localhost'
  }
  return null
}
