import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** True while `pid` runs `sleep` (false once it ended, even as an unreaped zombie). */
function isSleeping(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('sleep')
  } catch {
    return false
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  return check()
}

/** A node process that spawns `sleep 300` under the watchdog and prints the sleep's pid. */
async function parentWithChild() {
  const module = new URL('./spawnWithWatchdog.ts', import.meta.url).pathname
  const code = `import { spawnWithWatchdog } from '${module}'; const c = spawnWithWatchdog('sleep', ['300']); console.log(c.pid)`
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())))
    parent.once('exit', () => reject(new Error('the parent exited before printing')))
  })
  return { parent, pid }
}

describe('spawnWithWatchdog', () => {
  it("runs the program under the child's own pid, and ends it (SIGTERM) when its parent is killed with SIGKILL", async () => {
    const { parent, pid } = await parentWithChild()
    try {
      // The shell becomes `sleep` (exec) a moment after the spawn.
      expect(await waitUntil(() => isSleeping(pid), 5000)).toBe(true)
      parent.kill('SIGKILL')
      expect(await waitUntil(() => !isSleeping(pid), 5000)).toBe(true)
    } finally {
      parent.kill('SIGKILL')
      if (isSleeping(pid)) process.kill(pid, 'SIGKILL')
    }
  }, 30_000)
})
