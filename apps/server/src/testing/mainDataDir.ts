import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { mainChildren } from './runMain.js'

/**
 * For a test file that runs main: a temporary folder for its data directories, removed after the
 * suite once every main still running is killed (a failed assertion must not leave a server, and
 * its anvils, running).
 */
export function useMainDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => {
    for (const child of mainChildren) if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })
  return dir
}
