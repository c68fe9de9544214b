import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface CountingProxy {
  url: string
  /** HTTP requests forwarded so far (a JSON-RPC batch is one). */
  readonly count: number
  close(): Promise<void>
}

/**
 * A loopback HTTP proxy in front of an RPC that counts the requests reaching it: the tracker's
 * RPC load measured from outside the tracker, not by its own counter.
 */
export async function startCountingProxy(upstream: string): Promise<CountingProxy> {
  let count = 0
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      count++
      fetch(upstream, { method: request.method ?? 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
          response.end(Buffer.from(await answer.arrayBuffer()))
        })
        .catch((error: Error) => {
          response.writeHead(502)
          response.end(error.message)
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get count() {
      return count
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
