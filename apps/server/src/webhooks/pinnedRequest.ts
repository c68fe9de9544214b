import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { pinnedLookup, type ResolvedAddress } from './resolveWebhookTarget.js'

export interface PinnedRequestParameters<T> {
  target: URL
  /** The already-checked address to connect to; the URL's host is not looked up again. */
  address: ResolvedAddress
  method: 'GET' | 'POST'
  headers: OutgoingHttpHeaders
  body?: string
  /** Covers the whole exchange, the answer's body included. */
  timeoutMs: number
  /** Reads the answer and settles with `finish` (later calls are ignored). */
  onResponse: (response: IncomingMessage, finish: (result: T) => void) => void
  onTimeout: () => T
  onError: (error: NodeJS.ErrnoException) => T
}

/**
 * One request to a user-given URL, connected to the address checked before (TLS still checks the
 * certificate against the URL's host name): no pooled socket, no redirect followed, settled once,
 * by the answer, the timeout or a connection error. Webhook deliveries and paid-URL targets share it.
 */
export function pinnedRequest<T>({
  target,
  address,
  method,
  headers,
  body,
  timeoutMs,
  onResponse,
  onTimeout,
  onError,
}: PinnedRequestParameters<T>): Promise<T> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<T>((resolve) => {
    let settled = false
    const finish = (result: T) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    // No pooled sockets: each request connects to the address it has just checked.
    const req = request(target, { method, agent: false, lookup: pinnedLookup(address), headers }, (response) =>
      onResponse(response, finish),
    )
    const timer = setTimeout(() => {
      finish(onTimeout())
      req.destroy()
    }, timeoutMs)
    req.on('error', (error: NodeJS.ErrnoException) => finish(onError(error)))
    req.end(body)
  })
}
