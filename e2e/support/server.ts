import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
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
}

export interface PaylinkServer {
  /** http://127.0.0.1:<port>; the same server answers at http://localhost:<port> (see originAt). */
  origin: string
  stop(): Promise<void>
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
export async function startPaylinkServer({ configFile, env = {} }: PaylinkServerOptions = {}): Promise<PaylinkServer> {
  if (!existsSync(serverBuild)) throw new Error(`${serverBuild} is missing: run \`npm run build\` before the E2E specs`)
  const dir = mkdtempSync(join(tmpdir(), 'paylink-e2e-'))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const configPath = join(dir, 'paylink.config.json')
  writeFileSync(configPath, JSON.stringify({ devnet: true, ...configFile }))
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const ready = new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => {
      // A start runs three devnets and opens PGlite: on a loaded machine that has taken over 60 s.
      // Not left running: an orphaned server (and its devnet) would load the machine for the next test.
      child.kill('SIGTERM')
      fail(new Error(`Paylink did not start within 150 s:\n${output}`))
    }, 150_000)
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
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((ok) => child.once('exit', ok))
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
        await exited
        clearTimeout(timer)
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
