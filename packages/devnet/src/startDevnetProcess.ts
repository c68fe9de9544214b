import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Devnet, StartDevnetParameters } from './devnet.js'
import type { DevnetCall, DevnetProcessMessage } from './devnetProcessMessages.js'
import { DevnetError } from './errors.js'

export interface StartDevnetProcessParameters extends StartDevnetParameters {
  /** Node options of the devnet's process (default none; from TypeScript: `--import tsx` is added). */
  execArgv?: string[]
}

type CallOf<M extends DevnetCall['method']> = Extract<DevnetCall, { method: M }>

/**
 * `startDevnet` in a child process (devnetProcess.ts): the same Devnet, its faucets and mining
 * calls carried over IPC, so the caller's process holds none of the chains (litesvm, the
 * Bitcoin regtest chain, the anvils' keepers). The child ends with this process however it
 * ends. From the build (`devnetProcess.js` beside this module) it runs as plain JavaScript;
 * from the sources through tsx.
 */
export async function startDevnetProcess({
  execArgv = [],
  ...parameters
}: StartDevnetProcessParameters = {}): Promise<Devnet> {
  const compiled = fileURLToPath(new URL('./devnetProcess.js', import.meta.url))
  const fromBuild = existsSync(compiled)
  const child = fork(
    fromBuild ? compiled : fileURLToPath(new URL('./devnetProcess.ts', import.meta.url)),
    [JSON.stringify(parameters)],
    {
      execArgv: fromBuild ? execArgv : ['--import', 'tsx', ...execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const pending = new Map<number, { resolve(value: string | string[]): void; reject(error: Error): void }>()
  child.on('message', (message: DevnetProcessMessage) => {
    if (message.type !== 'result') return
    const call = pending.get(message.id)
    pending.delete(message.id)
    if (message.error !== undefined) call?.reject(new Error(message.error))
    else call?.resolve(message.value!)
  })
  child.once('exit', (code) => {
    for (const call of pending.values()) call.reject(new Error(`the devnet process exited (${code})`))
    pending.clear()
  })

  const description = await new Promise<Extract<DevnetProcessMessage, { type: 'ready' }>['devnet']>(
    (resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the devnet process exited with ${code} before it was ready`)))
      child.on('message', (message: DevnetProcessMessage) => {
        if (message.type === 'ready') resolve(message.devnet)
        // A devnet in use or an unreadable saved chain stays a DevnetError: the operator's to fix.
        if (message.type === 'failed')
          reject(
            message.devnetError ? new DevnetError(message.message) : new Error(`${message.name}: ${message.message}`),
          )
      })
    },
  )

  let nextId = 0
  const call = <M extends DevnetCall['method']>(method: M, args: CallOf<M>['args']) =>
    new Promise<string | string[]>((resolve, reject) => {
      if (child.exitCode !== null || !child.connected) return reject(new Error('the devnet process is not running'))
      const id = nextId++
      pending.set(id, { resolve, reject })
      child.send({ type: 'call', id, method, args })
    })

  const { solana, bitcoin, ...rest } = description
  let stopping: Promise<void> | null = null
  return {
    ...rest,
    ...(solana
      ? {
          solana: {
            ...solana,
            faucet: (address, asset, amount) =>
              call('solana.faucet', [address, asset, amount.toString()]) as Promise<string>,
          },
        }
      : {}),
    ...(bitcoin
      ? {
          bitcoin: {
            ...bitcoin,
            faucet: (address, sats) => call('bitcoin.faucet', [address, sats.toString()]) as Promise<string>,
            mine: (blocks) => call('bitcoin.mine', [String(blocks)]) as Promise<string[]>,
          },
        }
      : {}),
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.connected) child.send({ type: 'stop' })
        // The chains save their state on the way out; a stuck child is ended after 20 s.
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
        await exited
        clearTimeout(timer)
      })()),
  }
}
