import { spawn, type ChildProcessByStdio } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'

export type SpawnWithWatchdogReturnType = ChildProcessByStdio<Writable, Readable, Readable>

// Node cannot ask the kernel to signal a child when the parent dies (PR_SET_PDEATHSIG), so a
// shell does it: it keeps a reader on the pipe this process holds as the child's stdin, then
// becomes the program (exec, so the pid is the program's). The pipe reaches end-of-file when
// this process closes it or dies in any way, kill -9 included, and the reader then sends the
// program SIGTERM: a clean exit, in which anvil writes its state.
const watchdogScript = 'exec 3<&0; (read _ <&3; kill -TERM $$) </dev/null & exec "$0" "$@" </dev/null 3<&-'

/**
 * Spawns `command` so that it ends (SIGTERM) when this process ends or closes the child's stdin.
 * The child runs in its own process group, so a Ctrl-C in the terminal reaches only this process,
 * which then stops the child in its own order.
 */
export function spawnWithWatchdog(command: string, args: readonly string[]): SpawnWithWatchdogReturnType {
  const child = spawn('/bin/sh', ['-c', watchdogScript, command, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  })
  // Nothing is ever written to the pipe; an EPIPE from closing it after the child ended is expected.
  child.stdin.on('error', () => {})
  return child
}
