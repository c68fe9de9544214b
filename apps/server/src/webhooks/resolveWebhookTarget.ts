import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import { classifyAddress } from './classifyAddress.js'
import type { WebhookPolicy } from './checkWebhookUrl.js'

export interface ResolvedAddress {
  address: string
  family: number
}

/** `dns.lookup(host, { all: true })`; tests pass their own. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>

export const systemLookupAll: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

export type ResolveWebhookTargetReturnType = { ok: true; address: ResolvedAddress } | { ok: false; error: string }

/**
 * The address a delivery connects to, resolved now (not when the URL was saved: DNS can change,
 * and a rebinding host answers differently each time). Every answer must be allowed, not just
 * the first, or a host listing a public and a private address would pass. The caller connects
 * to the returned address only, so a second lookup cannot swap it.
 */
export async function resolveWebhookTarget(
  url: URL,
  policy: WebhookPolicy,
  lookupAll: LookupAll = systemLookupAll,
  timeoutMs = 5000,
): Promise<ResolveWebhookTargetReturnType> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: ResolvedAddress[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    let timer: NodeJS.Timeout | undefined
    try {
      // dns.lookup has no timeout of its own: a stalled resolver must not hold the delivery.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('DNS timeout'), { code: `no answer within ${timeoutMs} ms` })),
          timeoutMs,
        )
      })
      addresses = await Promise.race([lookupAll(host), timeout])
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      return { ok: false, error: `cannot resolve ${host}${code ? ` (${code})` : ''}` }
    } finally {
      clearTimeout(timer)
    }
  }
  if (addresses.length === 0) return { ok: false, error: `cannot resolve ${host} (no addresses)` }
  if (!policy.allowPrivateAddresses) {
    for (const { address } of addresses) {
      const reason = classifyAddress(address)
      if (reason) return { ok: false, error: `refused: ${host} resolves to ${address}, ${reason}` }
    }
  }
  return { ok: true, address: addresses[0]! }
}

/** A `lookup` for http(s).request that answers only `address`: the connection goes where the check said. */
export function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [address])
    else callback(null, address.address, address.family)
  }
}
