import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'

/** Which protocol the proxy stands in front of: the faults a provider of that kind has. */
export type FaultFlavour = 'evm' | 'solana' | 'esplora'

/** The faults, as counted in `FaultProxy.injected`. */
export type FaultKind =
  | 'http-5xx'
  | 'http-429'
  | 'hang'
  | 'cut-json'
  | 'batch-element'
  | 'lagging-head'
  | 'getlogs-range'
  | 'null-transaction'
  | 'outage'

export interface FaultProxyOptions {
  /** The real endpoint (a devnet's RPC or Esplora base URL). */
  upstream: string
  flavour: FaultFlavour
  /** Replays a run: the same seed and the same requests give the same faults. Default: a random one (see `seed`). */
  seed?: number
  /** The share of requests that get a fault (0 to 1; default 0.3). */
  rate?: number
  /** How long a hung request is held before its connection is dropped: longer than the client's timeout (default 15 s). */
  hangMs?: number
  /** How many blocks a lagging node is behind (default 2). */
  lagBlocks?: number
  /** eth_getLogs over more blocks than this is refused, as providers refuse ranges "returning too many results" (default 5). */
  getLogsMaxRange?: number
  /** The share of first getTransaction answers that are null, whatever `rate` (default 0.5; 0 for a clean baseline). */
  nullTransactionRate?: number
}

export interface FaultProxy {
  url: string
  /** The seed in use: print it when a test fails, and pass it back (FAULT_SEED) to replay. */
  readonly seed: number
  /** Requests seen, and faults injected by kind. */
  readonly requests: number
  readonly injected: Readonly<Partial<Record<FaultKind, number>>>
  /** The share of requests faulted from now on (0 stops the faults; an outage still fails everything). */
  setRate(rate: number): void
  /** Every request fails (connection reset or 503) for this long. */
  outage(ms: number): void
  close(): Promise<void>
}

interface RpcCall {
  jsonrpc?: string
  id?: unknown
  method?: string
  params?: unknown[]
}

/**
 * A seeded fault-injecting HTTP proxy for tests: it stands between the server and one of the
 * devnets (EVM JSON-RPC, Solana JSON-RPC, Esplora REST) and, at `rate` of the requests, answers
 * as a public provider does on a bad day: 5xx, 429 with Retry-After, a hang past the client's
 * timeout, a body cut off mid-JSON, one failed element of a batch, a node a few blocks behind
 * (EVM eth_blockNumber, Solana getSlot/getBlockHeight, Esplora's tip), eth_getLogs refusing a
 * range (always, above `getLogsMaxRange` blocks, as providers do), and Solana getTransaction
 * answering null the first time a signature is asked. `outage(ms)` fails every request for a while.
 * The faults follow from the seed and the order of requests; the seed is printed by the tests that
 * fail, and FAULT_SEED replays it.
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const seed = options.seed ?? Number(process.env.FAULT_SEED || Math.floor(Math.random() * 2 ** 31))
  const rng = xoroshiro128plus(seed)
  let rate = options.rate ?? 0.3
  const hangMs = options.hangMs ?? 15_000
  const lag = BigInt(options.lagBlocks ?? 2)
  const getLogsMaxRange = BigInt(options.getLogsMaxRange ?? 5)
  const nullTransactionRate = options.nullTransactionRate ?? 0.5
  const upstream = options.upstream.replace(/\/$/, '')
  const injected: Partial<Record<FaultKind, number>> = {}
  const count = (kind: FaultKind) => (injected[kind] = (injected[kind] ?? 0) + 1)
  let requests = 0
  let outageUntil = 0
  const answeredOnce = new Set<string>()
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()

  const roll = (percent: number) => uniformInt(rng, 0, 9999) < percent * 10000
  const pick = <T>(items: readonly T[]): T => items[uniformInt(rng, 0, items.length - 1)]!

  const forward = async (req: IncomingMessage, body: Buffer, path = req.url ?? '/') => {
    const response = await fetch(`${upstream}${path}`, {
      method: req.method ?? 'GET',
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
    })
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? 'application/octet-stream',
      bytes: Buffer.from(await response.arrayBuffer()),
    }
  }
  const send = (res: ServerResponse, status: number, type: string, body: Buffer | string, headers = {}) =>
    res.writeHead(status, { 'content-type': type, ...headers }).end(body)

  /** Faults any HTTP endpoint may have: true when one was sent (else the protocol's own, below). */
  const transportFault = (res: ServerResponse): boolean => {
    const kind = pick(['http-5xx', 'http-429', 'hang', 'protocol', 'protocol'] as const)
    if (kind === 'protocol') return false
    count(kind)
    if (kind === 'http-5xx') send(res, pick([500, 502, 503]), 'text/plain', 'upstream unavailable')
    else if (kind === 'http-429') send(res, 429, 'text/plain', 'Too Many Requests', { 'retry-after': '1' })
    else if (kind === 'hang') {
      const timer = setTimeout(() => {
        timers.delete(timer)
        res.destroy()
      }, hangMs)
      timers.add(timer)
    }
    return true
  }

  const handleRpc = async (req: IncomingMessage, res: ServerResponse, body: Buffer, faulty: boolean) => {
    let parsed: RpcCall | RpcCall[]
    try {
      parsed = JSON.parse(body.toString('utf8')) as RpcCall | RpcCall[]
    } catch {
      const answer = await forward(req, body)
      return send(res, answer.status, answer.type, answer.bytes)
    }
    const calls = Array.isArray(parsed) ? parsed : [parsed]
    // A provider's rule, not luck: a range over the limit is refused every time.
    const refused = new Set(
      calls.filter((call) => options.flavour === 'evm' && call.method === 'eth_getLogs' && tooWide(call)),
    )
    const answer = await forward(req, body)
    let answers: Array<Record<string, unknown>>
    try {
      const json = JSON.parse(answer.bytes.toString('utf8')) as Record<string, unknown> | Array<Record<string, unknown>>
      answers = Array.isArray(json) ? json : [json]
    } catch {
      return send(res, answer.status, answer.type, answer.bytes)
    }
    const byId = new Map(answers.map((a) => [JSON.stringify(a.id), a]))
    const failedElement = faulty && calls.length > 1 && roll(0.5) ? pick(calls) : null
    for (const call of calls) {
      const a = byId.get(JSON.stringify(call.id))
      if (!a) continue
      if (refused.has(call)) {
        count('getlogs-range')
        delete a.result
        a.error = {
          code: -32005,
          message: `query returned more than 10000 results; range too large (max ${getLogsMaxRange} blocks)`,
        }
      } else if (call === failedElement) {
        count('batch-element')
        delete a.result
        a.error = { code: -32603, message: 'internal error: upstream timeout' }
      } else if (faulty && isHeadMethod(call.method) && typeof a.result !== 'undefined' && roll(0.5)) {
        count('lagging-head')
        a.result = behind(a.result, lag)
      } else if (
        options.flavour === 'solana' &&
        call.method === 'getTransaction' &&
        a.result !== null &&
        !answeredOnce.has(JSON.stringify(call.params?.[0])) &&
        roll(nullTransactionRate)
      ) {
        // The first node asked has not seen it yet; the next answer is the real one.
        count('null-transaction')
        answeredOnce.add(JSON.stringify(call.params?.[0]))
        a.result = null
      }
      if (call.method === 'getTransaction') answeredOnce.add(JSON.stringify(call.params?.[0]))
    }
    const out = Buffer.from(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]))
    send(res, answer.status, 'application/json', faulty && roll(0.25) ? cut(out) : out)
  }

  const tooWide = (call: RpcCall) => {
    const filter = call.params?.[0] as { fromBlock?: string; toBlock?: string } | undefined
    if (!filter?.fromBlock?.startsWith('0x') || !filter.toBlock?.startsWith('0x')) return false
    return BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n > getLogsMaxRange
  }
  const isHeadMethod = (method: string | undefined) =>
    method === 'eth_blockNumber' || method === 'getSlot' || method === 'getBlockHeight'
  const cut = (bytes: Buffer) => {
    count('cut-json')
    return bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)))
  }

  const handleEsplora = async (req: IncomingMessage, res: ServerResponse, body: Buffer, faulty: boolean) => {
    const path = req.url ?? '/'
    if (faulty && req.method === 'GET' && (path === '/blocks/tip/height' || path === '/blocks/tip/hash') && roll(0.5)) {
      const tip = await forward(req, body, '/blocks/tip/height')
      const height = BigInt(tip.bytes.toString('utf8').trim()) - lag
      count('lagging-head')
      if (path === '/blocks/tip/height') return send(res, 200, 'text/plain', height.toString())
      const hash = await forward(req, body, `/block-height/${height}`)
      return send(res, hash.status, hash.type, hash.bytes)
    }
    const answer = await forward(req, body)
    const json = answer.type.includes('json')
    send(res, answer.status, answer.type, faulty && json && roll(0.5) ? cut(answer.bytes) : answer.bytes)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requests++
      const body = Buffer.concat(chunks)
      if (Date.now() < outageUntil) {
        count('outage')
        if (roll(0.5)) return void res.destroy()
        return void send(res, 503, 'text/plain', 'Service Unavailable')
      }
      const faulty = rate > 0 && roll(rate)
      if (faulty && transportFault(res)) return
      const handle = options.flavour === 'esplora' ? handleEsplora : handleRpc
      handle(req, res, body, faulty).catch(() => {
        if (!res.headersSent) send(res, 502, 'text/plain', 'the upstream did not answer')
        else res.destroy()
      })
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seed,
    get requests() {
      return requests
    },
    injected,
    setRate(next) {
      rate = next
    },
    outage(ms) {
      outageUntil = Date.now() + ms
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A head result (hex quantity or number) `lag` blocks lower. */
function behind(result: unknown, lag: bigint): unknown {
  if (typeof result === 'number') return Math.max(0, result - Number(lag))
  if (typeof result === 'string' && result.startsWith('0x')) {
    const value = BigInt(result)
    return `0x${(value > lag ? value - lag : 0n).toString(16)}`
  }
  return result
}
