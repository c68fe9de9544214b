import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { requestWaiters } from './pollRace.js'

export interface CountingProxy {
  url: string
  /** HTTP requests forwarded so far (a JSON-RPC batch is one). */
  readonly count: number
  /** Resolves when the next request whose body (a REST proxy: path) `matches` reaches the proxy (a poll beginning). */
  nextRequest(matches: (body: string) => boolean): Promise<void>
  close(): Promise<void>
}

/** A request body that is one JSON-RPC call of `method`, alone or as a batch of one (a poller's head read, not a batch that also reads it). */
export function isLoneCall(method: string): (body: string) => boolean {
  return (body) => {
    const parsed = JSON.parse(body) as { method?: string } | Array<{ method?: string }>
    const calls = Array.isArray(parsed) ? parsed : [parsed]
    return calls.length === 1 && calls[0]!.method === method
  }
}

export interface CountingProxyOptions {
  /**
   * A REST upstream (Esplora): each request's method and path are forwarded, and `nextRequest`
   * matches the path. By default a JSON-RPC upstream: bodies are posted to it, `nextRequest`
   * matches the body.
   */
  rest?: boolean
  /** Sees each request as it arrives, for counts finer than `count`. */
  onRequest?(request: IncomingMessage): void
}

/**
 * A loopback HTTP proxy in front of an RPC that counts the requests reaching it: the tracker's
 * RPC load measured from outside the tracker, not by its own counter.
 */
export async function startCountingProxy(
  upstream: string,
  { rest = false, onRequest }: CountingProxyOptions = {},
): Promise<CountingProxy> {
  let count = 0
  const waiters = requestWaiters<string>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      count++
      onRequest?.(request)
      const path = request.url ?? '/'
      const method = request.method ?? (rest ? 'GET' : 'POST')
      waiters.seen(() => (rest ? path : Buffer.concat(chunks).toString('utf8')))
      const forwarded = rest
        ? fetch(`${upstream}${path}`, { method, ...(method === 'GET' ? {} : { body: Buffer.concat(chunks) }) })
        : fetch(upstream, { method, headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
      forwarded
        .then(async (answer) => {
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? (rest ? 'text/plain' : 'application/json'),
          })
          response.end(Buffer.from(await answer.arrayBuffer()))
        })
        .catch((error: Error) => {
          response.writeHead(502)
          response.end(error.message)
        })
    })
  })
  // Longer than the app's HTTP client keeps an idle connection, so the client always closes first:
  // on a loaded machine the proxy closing one just as the client reuses it was an ECONNRESET.
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get count() {
      return count
    },
    nextRequest: waiters.next,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
