/**
 * AppKit's fetches have no timeout: when a network drops packets to Reown's hosts instead of
 * refusing them, its initialisation waits forever and no Connect button appears. This wraps
 * `fetch` so requests to the toolkit's hosts give up after `timeoutMs`; everything else passes
 * through untouched.
 */
export const toolkitHostSuffixes = [
  'web3modal.org',
  'web3modal.com',
  'walletconnect.org',
  'walletconnect.com',
  'reown.com',
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'mempool.space',
]

export interface HostGuardOptions {
  timeoutMs?: number
  suffixes?: string[]
  target?: { fetch: typeof fetch }
}

export function isToolkitHost(hostname: string, suffixes = toolkitHostSuffixes): boolean {
  return suffixes.some((s) => hostname === s || hostname.endsWith(`.${s}`))
}

function requestUrl(input: RequestInfo | URL): URL | null {
  try {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    return new URL(href, globalThis.location?.href)
  } catch {
    return null
  }
}

/** Installs the guard once; returns a function that removes it. */
export function installHostGuard({ timeoutMs = 3000, suffixes, target = globalThis }: HostGuardOptions = {}) {
  const original = target.fetch
  const guarded: typeof fetch = (input, init) => {
    const url = requestUrl(input)
    if (!url || !isToolkitHost(url.hostname, suffixes)) return original.call(target, input, init)
    const controller = new AbortController()
    const timer = setTimeout(
      () => controller.abort(new DOMException(`${url.hostname} did not answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    )
    const outer = init?.signal
    if (outer) {
      if (outer.aborted) controller.abort(outer.reason)
      else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true })
    }
    return original.call(target, input, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer))
  }
  target.fetch = guarded
  return () => {
    if (target.fetch === guarded) target.fetch = original
  }
}
