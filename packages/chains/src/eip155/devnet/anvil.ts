import type { ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'

import { spawnWithWatchdog } from './spawnWithWatchdog.js'

export type StartAnvilParameters = {
  chainId: number
  /** Defaults to 0: the OS picks a free port and we read it from anvil's banner. */
  port?: number
  /** Milliseconds to wait for the node to answer `eth_chainId`. Defaults to 10 000. */
  timeoutMs?: number
  /** A state file (anvil's dump format) to start from; it must exist. */
  loadState?: string
  /** Where anvil writes its state when it stops (and every 60 s, anvil's default interval). */
  dumpState?: string
}

export type StartAnvilReturnType = {
  rpcUrl: string
  chainId: number
  pid: number
  stop(): Promise<void>
}

const require = createRequire(import.meta.url)

/** The anvil binary that `@foundry-rs/anvil` installed for this platform. */
export function anvilBinaryPath(): string {
  const pkg = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`
  const manifest = require.resolve(`${pkg}/package.json`)
  return manifest.replace(/package\.json$/, process.platform === 'win32' ? 'bin/anvil.exe' : 'bin/anvil')
}

/**
 * Starts anvil on 127.0.0.1 with anvil's defaults (10 unlocked accounts of 10 000 ETH from the
 * well-known test mnemonic, automine) and resolves once it answers `eth_chainId`. Anvil never
 * outlives this process: it gets SIGTERM when this process ends, however it ends.
 */
export async function startAnvil({
  chainId,
  port = 0,
  timeoutMs = 10_000,
  loadState,
  dumpState,
}: StartAnvilParameters): Promise<StartAnvilReturnType> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--accounts',
    '10',
    '--balance',
    '10000',
  ]
  if (loadState) args.push('--load-state', loadState)
  if (dumpState) args.push('--dump-state', dumpState)
  const child = spawnWithWatchdog(anvilBinaryPath(), args)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // Closing the watchdog's pipe sends SIGTERM too; both, in case the shell is gone. Anvil
      // writes its state on SIGTERM: SIGKILL only when it hangs, as a torn dump is the cost.
      child.stdin.end()
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    child.stdin.destroy()
  }

  try {
    const boundPort = await readListeningPort(child, timeoutMs)
    const rpcUrl = `http://127.0.0.1:${boundPort}`
    await waitForChainId(rpcUrl, chainId, timeoutMs)
    return { rpcUrl, chainId, pid: child.pid!, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

// anvil logs every RPC call to stdout; we keep draining it (a full pipe would stall the node)
// and keep the last lines for error messages.
function readListeningPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let tail = ''
    let found = false
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-4000)
      const match = !found && /Listening on [\d.]+:(\d+)/.exec(tail)
      if (match) {
        found = true
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    const timer = setTimeout(() => reject(new Error(`anvil did not start within ${timeoutMs} ms:\n${tail}`)), timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      if (!found) reject(new Error(`anvil exited (${signal ?? code}) before listening:\n${tail}`))
    })
  })
}

async function waitForChainId(rpcUrl: string, chainId: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        // Bounded: an anvil that took the connection but never answers would otherwise hold the start forever.
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      })
      const body = (await response.json()) as { result?: string }
      if (body.result !== undefined) {
        if (Number(body.result) !== chainId)
          throw new Error(`anvil at ${rpcUrl} answers chain ${body.result}, expected ${chainId}`)
        return
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('anvil at')) throw error
      lastError = error
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`anvil at ${rpcUrl} did not answer eth_chainId within ${timeoutMs} ms`, { cause: lastError })
}
