import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useMainDataDir } from './testing/mainDataDir.js'
import { runMainOnFreePort } from './testing/runMain.js'

const dir = useMainDataDir('paylink-log-')

describe('the operator log', () => {
  it('has one info line per request with method, route, status, duration and the process id', async () => {
    const run = await runMainOnFreePort({ DATA_DIR: join(dir, 'a'), PAYLINK_DEVNET: '0', LOG_LEVEL: 'info' })
    const { port } = run
    expect(run.started, run.output().stderr).toBe(true)
    while (!run.output().stdout.includes('Paylink is running')) await new Promise((r) => setTimeout(r, 50))
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${port}/api/links/lnk_missing`)).status).toBe(404)
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)

    const lines = run
      .output()
      .stdout.split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    const requests = lines.filter((line) => line.method !== undefined)
    expect(requests.map((line) => [line.method, line.route, line.statusCode])).toEqual([
      ['GET', '/api/health', 200],
      ['GET', '/api/links/:id', 404],
    ])
    for (const line of requests) {
      expect(line, JSON.stringify(line)).toMatchObject({ level: 30, pid: run.child.pid, ms: expect.any(Number) })
    }
  }, 60_000)
})
