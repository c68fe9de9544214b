import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const repo = resolve(import.meta.dirname, '../..')
const serverBuild = join(repo, 'apps/server/dist/main.js')

export interface PaylinkServerOptions {
  /** Contents of the PAYLINK_CONFIG file (devnet, extra networks and assets). */
  configFile?: Record<string, unknown>
  env?: Record<string, string>
  /**
   * Names a server of the spec's own: worker fixtures with other values get another worker, so a
   * spec that needs an empty database (a merchant with no links yet) is not run after specs that
   * made links on a shared server. The server never sees it.
   */
  label?: string
  /** How long the start may take before it counts as hung (default 150 s). */
  startTimeoutMs?: number
  /**
   * A data directory (database and devnet chains) to start from, copied: the demo's first start
   * (PGlite's initdb, the chains' genesis and contracts) takes 12-20 s, a start from its saved
   * data 4 s. See startDemoDataTemplate.
   */
  dataFrom?: string
}

export interface PaylinkServer {
  /** http://127.0.0.1:<port>; the same server answers at http://localhost:<port> (see originAt). */
  origin: string
  /** Ends the server; `keepDataIn` moves its data directory there instead of removing it. */
  stop(options?: { keepDataIn?: string }): Promise<void>
  logs(): string
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer()
    s.once('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => ok(port))
    })
  })
}

/** The server's origin under another loopback name: `localhost` or `127.0.0.1`. */
export function originAt(origin: string, host: 'localhost' | '127.0.0.1'): string {
  const url = new URL(origin)
  url.hostname = host
  return url.origin
}

/** Starts the production server (built web app, PGlite in a temp dir, the devnet) on a free port. */
export async function startPaylinkServer({
  configFile,
  env = {},
  startTimeoutMs = 150_000,
  dataFrom,
}: PaylinkServerOptions = {}): Promise<PaylinkServer> {
  if (!existsSync(serverBuild)) throw new Error(`${serverBuild} is missing: run \`npm run build\` before the E2E specs`)
  const dir = mkdtempSync(join(tmpdir(), 'paylink-e2e-'))
  if (dataFrom) cpSync(dataFrom, join(dir, 'data'), { recursive: true })
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const configPath = join(dir, 'paylink.config.json')
  writeFileSync(configPath, JSON.stringify({ devnet: true, ...configFile }))
  const reports = join(dir, 'reports')
  mkdirSync(reports)
  let output = ''
  // The built server, as `npm start` runs it: plain JavaScript, so each of the suite's server starts (and
  // its devnet process) skips the tsx loader's compile. `npm run build` makes it with the web app.
  const child: ChildProcess = spawn(process.execPath, [serverBuild], {
    cwd: repo,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // PUBLIC_ORIGIN unset: the default demo, which accepts http://localhost:<port> and http://127.0.0.1:<port>.
      DATA_DIR: join(dir, 'data'),
      PAYLINK_CONFIG: configPath,
      LOG_LEVEL: 'warn',
      // A start that hangs is asked for a Node diagnostic report (SIGUSR2) of the server and its devnet
      // process, so the failure says what each was waiting on; inherited by the devnet's fork.
      NODE_OPTIONS: `--report-on-signal --report-directory=${reports}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const ready = new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => {
      // A start runs three devnets and opens PGlite: on a loaded machine that has taken over 60 s.
      // Not left running: an orphaned server (and its devnet) would load the machine for the next test.
      void describeHang(child, reports).then((hang) => {
        child.kill('SIGTERM')
        fail(new StartHungError(`Paylink did not start within ${startTimeoutMs / 1000} s:\n${output}\n${hang}`))
      })
    }, startTimeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Paylink is running at')) {
        clearTimeout(timer)
        ok()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`Paylink exited with ${code} before it was ready:\n${output}`))
    })
  })
  await ready
  return {
    origin,
    logs: () => output,
    async stop({ keepDataIn }: { keepDataIn?: string } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((ok) => child.once('exit', ok))
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
        await exited
        clearTimeout(timer)
      }
      if (keepDataIn) renameSync(join(dir, 'data'), keepDataIn)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * The demo's data as its first start leaves it, for `dataFrom`: a server started once with no data
 * and stopped (SIGTERM, as an operator stops it). Its Bitcoin devnet mines only when asked
 * (BITCOIN_DEVNET_BLOCK_MS=0), so the copies hold the chains as a first start makes them, whatever
 * block interval each copy then runs with.
 */
export async function makeDemoDataTemplate(): Promise<{ dataDir: string; remove(): void }> {
  const keep = mkdtempSync(join(tmpdir(), 'paylink-e2e-template-'))
  const dataDir = join(keep, 'data')
  const server = await startOnceMore({ env: { BITCOIN_DEVNET_BLOCK_MS: '0' } })
  await server.stop({ keepDataIn: dataDir })
  return { dataDir, remove: () => rmSync(keep, { recursive: true, force: true }) }
}

/**
 * One start in about forty has hung without a word on a loaded machine (cause not yet found): that
 * start's diagnostic report goes to the log and a fresh server is started once, instead of failing
 * every test that needs it. A second hang fails as before.
 */
export async function startOnceMore(options: PaylinkServerOptions): Promise<PaylinkServer> {
  try {
    return await startPaylinkServer({ ...options, startTimeoutMs: 120_000 })
  } catch (error) {
    if (!(error instanceof StartHungError)) throw error
    process.stderr.write(`${error.message}\nStarting a fresh server once more.\n`)
    return startPaylinkServer(options)
  }
}

export class StartHungError extends Error {}

/** What a hung start was doing: each process's JavaScript stack and open handles, from Node's diagnostic report. */
async function describeHang(child: ChildProcess, reports: string): Promise<string> {
  const pids = [child.pid!]
  try {
    pids.push(
      ...execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    )
  } catch {
    // No child processes (pgrep exits 1): the server alone is reported.
  }
  for (const pid of pids) process.kill(pid, 'SIGUSR2')
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const lines: string[] = []
  for (const file of readdirSync(reports)) {
    const report = JSON.parse(readFileSync(join(reports, file), 'utf8')) as {
      header: { processId: number; commandLine: string[] }
      javascriptStack: { message: string; stack?: string[] }
      libuv: Array<{ type: string; is_active: boolean; localEndpoint?: unknown; remoteEndpoint?: unknown }>
    }
    lines.push(`process ${report.header.processId} (${report.header.commandLine.slice(1, 2).join(' ')}):`)
    lines.push(
      `  stack: ${report.javascriptStack.message} ${(report.javascriptStack.stack ?? []).slice(0, 12).join(' | ')}`,
    )
    for (const handle of report.libuv.filter(
      (h) => h.is_active && !['async', 'check', 'prepare', 'idle', 'loop', 'signal'].includes(h.type),
    ))
      lines.push(
        `  ${handle.type} ${[handle.localEndpoint, handle.remoteEndpoint]
          .filter(Boolean)
          .map((e) => JSON.stringify(e))
          .join(' -> ')}`,
      )
  }
  return lines.length ? `Diagnostic reports:\n${lines.join('\n')}` : 'No diagnostic report was written.'
}
