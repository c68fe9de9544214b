/**
 * Issue #19's crowd: one link, 10,000 server-sent-event streams held by one server process (the
 * demo: devnet in process, PGlite), opened in batches; the server's memory after a full GC at
 * 200, 2,000 and 10,000 streams (bytes per stream over each step: flat means the second step
 * costs no more per stream than the first); then CHANGES changes of the link (a payment on a
 * network the link does not offer, recorded as failed: a real version bump through the same
 * path as any payment), each timed from just before its POST to the moment the last of the
 * 10,000 streams has parsed the new version. The same server on a real Postgres, when one can
 * be started here, for its memory at 200 streams.
 *
 * The clients are plain sockets in this process (an HTTP/1.1 GET and a scan for `id:` lines),
 * so 10,000 of them stay light; the server is a child process with --expose-gc.
 */
import { connect, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { canStartTestPostgres, startTestPostgres } from '../../apps/server/src/testing/testPostgres.js'
import { startBenchServer, type BenchServer, type Memory } from '../lib/startBenchServer.js'
import { atMost, info, median, type BenchRow } from '../table.js'

const CROWD = Number(process.env.BENCH_CROWD ?? 10_000)
/**
 * Streams open when the flatness steps start. The first streams after the server's start fill
 * pages its start-up freed and RSS still counts (measured: 5.5 KB of RSS per stream from 200 to
 * 2,000, 10 to 13 KB after), so a step that begins below this is cheap for a reason that is not
 * the streams'.
 */
const WARM = 2_000
const STEPS = [200, WARM, Math.round((WARM + CROWD) / 2), CROWD]
/** At least this many changes, then two more at a time (up to MAX_CHANGES) until two more move the median by 5 % or less, so two bench runs agree. */
const CHANGES = 5
const MAX_CHANGES = 11
const BATCH = 500
const L1 = 'eip155:31337'
const MiB = 1024 * 1024
const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10

interface RawStream {
  socket: Socket
  /** The highest `id:` (link version) parsed so far, and when. */
  lastId: number
  lastAt: number
  error: string | null
}

function openStream(origin: string, linkId: string): RawStream {
  const url = new URL(origin)
  const stream: RawStream = { socket: connect(Number(url.port), url.hostname), lastId: 0, lastAt: 0, error: null }
  let tail = ''
  stream.socket.setEncoding('utf8')
  stream.socket.on('connect', () =>
    stream.socket.write(
      `GET /api/links/${linkId}/events HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`,
    ),
  )
  stream.socket.on('data', (chunk: string) => {
    // Only the `id:` lines matter; keep the last partial line for the next chunk.
    const text = tail + chunk
    const cut = text.lastIndexOf('\n')
    tail = text.slice(cut + 1)
    for (const match of text.slice(0, cut + 1).matchAll(/^id: (\d+)$/gm)) {
      const id = Number(match[1])
      if (id > stream.lastId) {
        stream.lastId = id
        stream.lastAt = performance.now()
      }
    }
  })
  stream.socket.on('error', (error) => (stream.error ??= error.message))
  stream.socket.on('close', () => (stream.error ??= 'closed by the server'))
  return stream
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = performance.now()
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(10)
  }
}

interface CrowdResult {
  memory: Map<number, Memory>
  fanOut: number[]
  fanOutFromAnswer: number[]
  held: number
  errors: number
}

async function crowd(server: BenchServer, steps: number[], changes: number): Promise<CrowdResult> {
  const streams: RawStream[] = []
  try {
    const link = await server.api<{ id: string }>('POST', '/api/links', {
      title: 'A crowd',
      options: [{ asset: `${L1}/erc20:${server.token.address}`, amount: '10' }],
    })
    const memory = new Map<number, Memory>()
    memory.set(0, await server.memory(true))
    for (const step of steps) {
      while (streams.length < step) {
        const batch = Math.min(BATCH, step - streams.length)
        for (let i = 0; i < batch; i++) streams.push(openStream(server.origin, link.id))
        await until(
          () => streams.every((s) => s.lastId > 0 || s.error),
          60_000,
          `${streams.length} streams' first event`,
        )
      }
      await sleep(500)
      await server.memory(true)
      memory.set(step, await server.memory(true))
    }
    const fanOut: number[] = []
    const fanOutFromAnswer: number[] = []
    const settled = () => {
      if (fanOut.length < changes) return false
      if (fanOut.length >= MAX_CHANGES) return true
      const before = median(fanOut.slice(0, -2))
      return Math.abs(median(fanOut) - before) <= 0.05 * before
    }
    for (let change = 0; changes > 0 && !(fanOut.length >= changes && fanOut.length % 2 === 1 && settled()); change++) {
      const before = await server.api<{ version: number }>('GET', `/api/links/${link.id}`)
      const start = performance.now()
      await server.api('POST', `/api/links/${link.id}/payments`, {
        caipNetworkId: 'eip155:1',
        txHash: `0x${change.toString(16).padStart(64, 'c')}`,
      })
      const answered = performance.now()
      const live = streams.filter((s) => !s.error)
      await until(() => live.every((s) => s.lastId > before.version), 30_000, `change ${change + 1} on every stream`)
      const last = Math.max(...live.map((s) => s.lastAt))
      fanOut.push(last - start)
      fanOutFromAnswer.push(last - answered)
      await sleep(500)
    }
    return {
      memory,
      fanOut,
      fanOutFromAnswer,
      held: (await server.memory(false)).streams,
      errors: streams.filter((s) => s.error).length,
    }
  } finally {
    for (const s of streams) s.socket.destroy()
  }
}

export default async function run(): Promise<BenchRow[]> {
  const server = await startBenchServer()
  let result: CrowdResult
  try {
    result = await crowd(server, STEPS, CHANGES)
  } finally {
    await server.close()
  }
  const at = (n: number) => result.memory.get(n)!
  const perStream = (from: number, to: number) => Math.round((at(to).rss - at(from).rss) / (to - from))
  const heapPerStream = (from: number, to: number) =>
    Math.round((at(to).heapUsed + at(to).external - at(from).heapUsed - at(from).external) / (to - from))
  const [small, warm, middle, large] = STEPS as [number, number, number, number]
  const first = perStream(warm, middle)
  const second = perStream(middle, large)
  const rows: BenchRow[] = [
    atMost(
      `streams not held of ${CROWD.toLocaleString('en-US')} (one process)`,
      CROWD - result.held + result.errors,
      'streams',
      0,
      {
        beside: `${result.held.toLocaleString('en-US')} held by the server`,
        note: `opened in batches of ${BATCH}, each waited for its first event`,
      },
    ),
    atMost(
      `change -> last of ${CROWD.toLocaleString('en-US')} streams has it (median of ${result.fanOut.length})`,
      Math.round(median(result.fanOut)),
      'ms',
      1000,
      {
        beside: `from the POST's answer: ${Math.round(median(result.fanOutFromAnswer))} ms`,
        note: `each: ${result.fanOut.map((ms) => Math.round(ms)).join(', ')} ms; from just before the POST that records the change`,
      },
    ),
    info(
      `server memory per stream, ${middle.toLocaleString('en-US')} -> ${large.toLocaleString('en-US')} streams`,
      second,
      'bytes RSS',
      {
        beside: `${warm.toLocaleString('en-US')} -> ${middle.toLocaleString('en-US')}: ${first.toLocaleString('en-US')} bytes; ${small} -> ${warm.toLocaleString('en-US')}: ${perStream(small, warm).toLocaleString('en-US')} bytes`,
        note: `heap + external per stream: ${heapPerStream(middle, large).toLocaleString('en-US')} bytes (${warm.toLocaleString('en-US')} -> ${middle.toLocaleString('en-US')}: ${heapPerStream(warm, middle).toLocaleString('en-US')})`,
      },
    ),
    // Flat: the streams of the second step cost no more each than those of the first, both past WARM.
    atMost(
      'memory per stream, second step / first step',
      Math.round((second / Math.max(first, 1)) * 100) / 100,
      'x',
      1.5,
      {
        note: `steps ${warm.toLocaleString('en-US')} -> ${middle.toLocaleString('en-US')} -> ${large.toLocaleString('en-US')}; the first ${warm.toLocaleString('en-US')} streams fill pages the server's start freed, so they are left out`,
      },
    ),
    atMost(`server RSS, ${small} streams open (demo on PGlite)`, mib(at(small).rss), 'MiB', 300, {
      beside: `no stream: ${mib(at(0).rss)} MiB; heap ${mib(at(small).heapUsed)} MiB, external ${mib(at(small).external)} MiB`,
      note: 'after a full GC; the server process alone (compiled, node --no-liftoff, as npm start) with PGlite in it; the devnets in their own process',
    }),
    info(`server RSS, ${large.toLocaleString('en-US')} streams open (demo on PGlite)`, mib(at(large).rss), 'MiB', {
      beside: `heap ${mib(at(large).heapUsed)} MiB, external ${mib(at(large).external)} MiB`,
    }),
  ]

  if (canStartTestPostgres()) {
    const postgres = await startTestPostgres()
    try {
      const onPostgres = await startBenchServer({ databaseUrl: postgres.url })
      try {
        const pg = await crowd(onPostgres, [small], 0)
        rows.push(
          atMost(`server RSS, ${small} streams open (on Postgres)`, mib(pg.memory.get(small)!.rss), 'MiB', 200, {
            beside: `no stream: ${mib(pg.memory.get(0)!.rss)} MiB; heap ${mib(pg.memory.get(small)!.heapUsed)} MiB`,
            note: 'after a full GC; the same server process with DATABASE_URL; the devnets in their own process',
          }),
        )
      } finally {
        await onPostgres.close()
      }
    } finally {
      await postgres.stop()
    }
  }
  return rows
}
