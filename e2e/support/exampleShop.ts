import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

const repo = resolve(import.meta.dirname, '../..')

export interface ExampleShop {
  /** http://127.0.0.1:<free port> */
  origin: string
  stop(): Promise<void>
}

/** examples/shop as its README runs it, on a free loopback port, against the Paylink at `paylinkUrl`. */
export async function startExampleShop(env: Record<string, string>): Promise<ExampleShop> {
  const child = spawn(process.execPath, ['examples/shop/server.mjs'], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const origin = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the example shop did not start:\n${output}`)), 20_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const running = /The shop is running at (http:\/\/\S+)/.exec(output)
      if (running) {
        clearTimeout(timer)
        ok(running[1]!)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`the example shop exited (${code}):\n${output}`))
    })
  })
  return {
    origin,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok()
        child.once('exit', () => ok())
        child.kill('SIGTERM')
      }),
  }
}
