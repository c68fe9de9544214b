import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from './freePort.js'

const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url))

export interface MainRun {
  child: ChildProcess
  /** Its exit code, or the signal that ended it (so a failed expectation names it). */
  exited: Promise<number | NodeJS.Signals | null>
  /** True once the process printed its first line, false if it exited first. */
  started: boolean
  output(): { stdout: string; stderr: string }
}

/** Children started by runMain; a test's afterAll kills what is still running. */
export const mainChildren: ChildProcess[] = []

/**
 * Runs `main.ts` as `npm start` would, until its stdout holds `until` (default: its first line) or
 * it exits. LOG_LEVEL defaults to warn, so the first line is the "running at" one.
 */
export async function runMain(
  env: Record<string, string>,
  { until = '\n' }: { until?: string } = {},
): Promise<MainRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  mainChildren.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  )
  const started = await Promise.race([
    (async () => {
      while (!stdout.includes(until)) await new Promise((r) => setTimeout(r, 50))
      return true
    })(),
    exited.then(() => false),
  ])
  return { child, exited, started, output: () => ({ stdout, stderr }) }
}

/**
 * runMain on a free port. freePort's port is free when it is handed out, not when the server
 * binds it: a test running beside can take it in between (EADDRINUSE), so a start refused for
 * that alone is tried again on another port, three times at most.
 */
export async function runMainOnFreePort(
  env: Record<string, string>,
  options: { until?: string } = {},
): Promise<MainRun & { port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const run = await runMain({ ...env, PORT: String(port) }, options)
    if (run.started || attempt === 3 || !run.output().stderr.includes('EADDRINUSE')) return { ...run, port }
  }
}

export { freePort }
