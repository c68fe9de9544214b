import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TestHttpServer {
  url: string
  /** Requests seen so far, body as text. */
  requests: Array<{ method: string; url: string; body: string }>
  close(): Promise<void>
}

export type TestHandler = (request: { method: string; url: string; body: string }, res: ServerResponse) => void

/** A throwaway HTTP server on a free loopback port (never a fixed one). */
export async function startHttpServer(handler: TestHandler): Promise<TestHttpServer> {
  const requests: TestHttpServer['requests'] = []
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', body: Buffer.concat(chunks).toString('utf8') }
      requests.push(request)
      handler(request, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A JSON-RPC server answering each method from a table (batches included). */
export function startJsonRpcServer(results: Record<string, unknown>): Promise<TestHttpServer> {
  const answer = (call: { id?: unknown; method?: string }) =>
    call.method !== undefined && call.method in results
      ? { jsonrpc: '2.0', id: call.id ?? null, result: results[call.method] }
      : { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32601, message: `Method not found: ${call.method}` } }
  return startHttpServer((request, res) => {
    let body: unknown
    try {
      body = JSON.parse(request.body)
    } catch {
      res.writeHead(400).end()
      return
    }
    const reply = Array.isArray(body) ? body.map(answer) : answer(body as { id?: unknown; method?: string })
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
  })
}

/** A server that accepts requests and never answers: a hung RPC. */
export function startHangingServer(): Promise<TestHttpServer> {
  return startHttpServer(() => {})
}
