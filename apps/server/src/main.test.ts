import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(join(tmpdir(), 'paylink-main-'))
const children: ChildProcess[] = []
afterAll(() => {
  // A failed assertion must not leave a server (and its anvils) running.
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Runs `main.ts` as `npm start` would, until it prints its line; then SIGTERM. */
async function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const started = await Promise.race([
    (async () => {
      while (!stdout.includes('\n')) await new Promise((r) => setTimeout(r, 50))
      return true
    })(),
    exited.then(() => false),
  ])
  return { child, exited, started, output: () => ({ stdout, stderr }) }
}

describe('main', () => {
  it('starts, prints one line, serves, and exits 0 on SIGTERM', async () => {
    const port = await freePort()
    const run = await runMain({ PORT: String(port), DATA_DIR: join(dir, 'a'), PAYLINK_DEVNET: '0' })
    expect(run.started, run.output().stderr).toBe(true)
    expect(run.output().stdout).toBe(`Paylink is running at http://localhost:${port}\n`)
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()
    expect(health).toEqual({ ok: true, db: true, chains: [] })
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
  })

  it('exits 1 naming the variable when the config is wrong', async () => {
    const run = await runMain({ PORT: 'abc' })
    expect(await run.exited).toBe(1)
    expect(run.output().stderr).toBe('Paylink could not start: PORT must be an integer from 1 to 65535 (got "abc")\n')
  })

  it('refuses --reset on a Postgres database with one sentence', async () => {
    const run = await runMain({ DATA_DIR: join(dir, 'c'), DATABASE_URL: 'postgres://paylink@127.0.0.1:1/paylink', PAYLINK_RESET: '1' })
    expect(await run.exited).toBe(1)
    expect(run.output().stderr).toBe('Paylink could not start: --reset (PAYLINK_RESET) will not wipe a Postgres database: it only resets the demo on PGlite (unset DATABASE_URL)\n')
  })

  it('runs the demo on the real devnet (@paylink/devnet) and exits 0 on SIGINT', async () => {
    const port = await freePort()
    const run = await runMain({ PORT: String(port), DATA_DIR: join(dir, 'b') })
    expect(run.started, run.output().stderr).toBe(true)
    expect(run.output().stdout).toBe(`Paylink is running at http://localhost:${port} (demo: devnet with Dev Wallet)\n`)
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { chains: Array<{ caipNetworkId: string; head: string | null }> }
    expect(health.chains).toHaveLength(2)
    expect(
      health.chains.filter((c) => c.head === null),
      'chains whose head could not be read',
    ).toEqual([])
    const chainId = await fetch(`http://127.0.0.1:${port}/devnet/rpc/31338`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
    })
    expect(await chainId.json()).toMatchObject({ result: '0x7a6a' })
    run.child.kill('SIGINT')
    expect(await run.exited).toBe(0)
  }, 60_000)
})
