import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useMainDataDir } from './testing/mainDataDir.js'
import { runMain, runMainOnFreePort } from './testing/runMain.js'

const dir = useMainDataDir('paylink-main-')

describe('main', () => {
  it('starts, prints one line, serves, and exits 0 on SIGTERM', async () => {
    const run = await runMainOnFreePort({ DATA_DIR: join(dir, 'a'), PAYLINK_DEVNET: '0' })
    const { port } = run
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
    const run = await runMain({
      DATA_DIR: join(dir, 'c'),
      DATABASE_URL: 'postgres://paylink@127.0.0.1:1/paylink',
      PAYLINK_RESET: '1',
    })
    expect(await run.exited).toBe(1)
    expect(run.output().stderr).toBe(
      'Paylink could not start: --reset (PAYLINK_RESET) will not wipe a Postgres database: it only resets the demo on PGlite (unset DATABASE_URL)\n',
    )
  })

  it('runs the demo on the real devnet (@paylink/devnet) and exits 0 on SIGINT', async () => {
    const run = await runMainOnFreePort({ DATA_DIR: join(dir, 'b') })
    const { port } = run
    expect(run.started, run.output().stderr).toBe(true)
    expect(run.output().stdout).toBe(`Paylink is running at http://localhost:${port} (demo: devnet with Dev Wallet)\n`)
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      chains: Array<{ caipNetworkId: string; head: string | null }>
    }
    // The demo's chains: two anvils and the Solana devnet (each family's own devnet).
    expect(health.chains.filter((c) => c.caipNetworkId.startsWith('eip155:'))).toHaveLength(2)
    expect(health.chains.filter((c) => c.caipNetworkId.startsWith('solana:'))).toHaveLength(1)
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
