import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canStartTestPostgres, startTestPostgres, type TestPostgres } from '../testing/testPostgres.js'
import { mainChildren, runMainOnFreePort } from '../testing/runMain.js'

// Two real server processes on one Postgres, as an operator would run them behind a balancer.
describe.skipIf(!canStartTestPostgres())('processes sharing one Postgres (Postgres)', () => {
  let postgres: TestPostgres

  beforeAll(async () => {
    postgres = await startTestPostgres()
  }, 60_000)

  afterAll(async () => {
    for (const child of mainChildren) if (child.exitCode === null) child.kill('SIGKILL')
    await postgres?.stop()
  })

  const start = async (extra: Record<string, string>) => {
    return runMainOnFreePort({
      PAYLINK_DEVNET: '0',
      DATABASE_URL: postgres.url,
      PUBLIC_ORIGIN: 'http://localhost:4100',
      ...extra,
    })
  }

  it('a second process with other webhook rules refuses to start, naming the setting; one with the same rules joins', async () => {
    const first = await start({ WEBHOOK_ALLOW_HTTP: '1' })
    expect(first.started, first.output().stderr).toBe(true)

    const other = await start({ WEBHOOK_ALLOW_HTTP: '0' })
    expect(other.started, 'the second process must not start').toBe(false)
    expect(await other.exited).toBe(1)
    expect(other.output().stderr).toMatch(
      /^Paylink could not start: WEBHOOK_ALLOW_HTTP differs from the Paylink process already running on this database \(pid \d+ on .+\): it has "true", this one "false"\./,
    )

    const same = await start({ WEBHOOK_ALLOW_HTTP: '1' })
    expect(same.started, same.output().stderr).toBe(true)

    // Once every process has stopped, the next one may start with new settings.
    for (const run of [first, same]) {
      run.child.kill('SIGTERM')
      expect(await run.exited, run.output().stderr).toBe(0)
    }
    const changed = await start({ WEBHOOK_ALLOW_HTTP: '0' })
    expect(changed.started, changed.output().stderr).toBe(true)
    changed.child.kill('SIGTERM')
    expect(await changed.exited, changed.output().stderr).toBe(0)
  }, 90_000)

  it('a process of this machine killed with SIGKILL does not hold the next start to its settings', async () => {
    const killed = await start({ WEBHOOK_ALLOW_HTTP: '1' })
    expect(killed.started, killed.output().stderr).toBe(true)
    killed.child.kill('SIGKILL')
    await killed.exited
    // Its row is still there (no heartbeat window has passed), but its pid is gone.
    const next = await start({ WEBHOOK_ALLOW_HTTP: '0' })
    expect(next.started, next.output().stderr).toBe(true)
    next.child.kill('SIGTERM')
    expect(await next.exited, next.output().stderr).toBe(0)
  }, 90_000)
})
