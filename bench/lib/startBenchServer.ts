import { execFileSync, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface ReadyMessage {
  type: 'ready'
  /** http://127.0.0.1:<port> of Paylink. */
  origin: string
  /** http://127.0.0.1:<port> of the bare Fastify route (GET /bare). */
  bareOrigin: string
  /** A merchant API key (Bearer) of `merchant`. */
  apiKey: string
  merchant: `0x${string}`
  accounts: `0x${string}`[]
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  token: { chainId: number; address: `0x${string}`; decimals: number }
}

export type ParentMessage = { type: 'memory'; id: number; gc: boolean } | { type: 'close' }

export interface Memory {
  rss: number
  heapUsed: number
  /** Outside the JS heap (Buffers, PGlite's WebAssembly memory). */
  external: number
  /** Event streams the server holds open. */
  streams: number
}

export interface BenchServer extends Omit<ReadyMessage, 'type'> {
  /** The server process's memory; `gc` runs a full collection first. */
  memory(gc?: boolean): Promise<Memory>
  /** POST/GET JSON on the server with the merchant's key. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>
  close(): Promise<void>
}

export interface StartBenchServerOptions {
  /** A web build the server serves (GET /pay/:id). */
  webDist?: string
  /** Postgres instead of PGlite. */
  databaseUrl?: string
}

let built = false

/**
 * The Node options of `npm start` (package.json): V8 compiles PGlite's WebAssembly with its
 * optimizing tier alone, not its baseline tier first and then the optimizing one (about 60 MiB
 * of compiled code less; measured with bench/lib/measureMemoryParts.ts).
 */
const serverNodeOptions = ['--no-liftoff']

/**
 * Forks bench/lib/serverProcess.ts (see there), compiled with the server's build
 * (scripts/build-server.mjs --bench, once per bench run) and run by plain `node` as `npm start`
 * runs the server, and waits until it listens.
 */
export async function startBenchServer({ webDist, databaseUrl }: StartBenchServerOptions = {}): Promise<BenchServer> {
  if (!built) {
    execFileSync(
      process.execPath,
      [fileURLToPath(new URL('../../scripts/build-server.mjs', import.meta.url)), '--bench'],
      { stdio: 'inherit' },
    )
    built = true
  }
  const child = fork(fileURLToPath(new URL('../../apps/server/dist/benchServer.js', import.meta.url)), [], {
    execArgv: ['--expose-gc', ...serverNodeOptions],
    env: {
      ...process.env,
      ...(webDist ? { PAYLINK_BENCH_WEB_DIST: webDist } : {}),
      ...(databaseUrl ? { PAYLINK_BENCH_DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench server did not start within 180 s')), 180_000)
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code} before it was ready`)))
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') {
        clearTimeout(timer)
        resolve(message as ReadyMessage)
      }
    })
  })
  let nextId = 0
  const { type: _type, ...info } = ready
  return {
    ...info,
    memory(gc = false) {
      const id = nextId++
      return new Promise<Memory>((resolve) => {
        const onMessage = (message: { type: string; id?: number } & Memory) => {
          if (message.type !== 'memory' || message.id !== id) return
          child.off('message', onMessage)
          resolve({
            rss: message.rss,
            heapUsed: message.heapUsed,
            external: message.external,
            streams: message.streams,
          })
        }
        child.on('message', onMessage)
        child.send({ type: 'memory', id, gc } satisfies ParentMessage)
      })
    },
    async api<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${ready.origin}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${ready.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const text = await response.text()
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
      return JSON.parse(text) as T
    },
    async close() {
      if (child.exitCode === null) child.send({ type: 'close' } satisfies ParentMessage)
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}
