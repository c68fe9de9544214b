/**
 * The devnet in a process of its own (forked by startDevnetProcess): the chains stand in for
 * external nodes, like anvil, so the server's process holds the server alone. Started with the
 * StartDevnetParameters as JSON in argv[2]; answers the parent's calls (faucets, mining) over
 * the IPC channel, and stops its chains when asked, or when the parent is gone however it
 * ended (the channel closes on kill -9 too), so the chains save their state and end with it.
 */
import { DevnetError } from './errors.js'
import { startDevnet, type Devnet, type StartDevnetParameters } from './devnet.js'
import type { DevnetCall, DevnetDescription, DevnetProcessMessage } from './devnetProcessMessages.js'

const send = (message: DevnetProcessMessage) => process.send?.(message)
const parameters = JSON.parse(process.argv[2] ?? '{}') as StartDevnetParameters

let devnet: Devnet | null = null
let stopping: Promise<void> | null = null
const stop = () =>
  (stopping ??= (async () => {
    await devnet?.stop()
    process.disconnect?.()
  })())

process.on('disconnect', () => void stop().finally(() => process.exit(0)))

async function answer(call: DevnetCall): Promise<string | string[]> {
  if (!devnet) throw new Error('the devnet is not started')
  const { solana, bitcoin } = devnet
  if (call.method === 'solana.faucet' && solana) return solana.faucet(call.args[0], call.args[1], BigInt(call.args[2]))
  if (call.method === 'bitcoin.faucet' && bitcoin) return bitcoin.faucet(call.args[0], BigInt(call.args[1]))
  if (call.method === 'bitcoin.mine' && bitcoin) return bitcoin.mine(Number(call.args[0]))
  throw new Error(`the devnet cannot answer ${call.method}`)
}

process.on('message', (message: DevnetCall | { type: 'stop' }) => {
  if (message.type === 'stop') {
    void stop().finally(() => process.exit(0))
    return
  }
  answer(message).then(
    (value) => send({ type: 'result', id: message.id, value }),
    (error: unknown) => send({ type: 'result', id: message.id, error: (error as Error)?.message ?? String(error) }),
  )
})

try {
  devnet = await startDevnet(parameters)
  // Functions do not cross the channel (JSON): what is left is the devnet's data.
  send({ type: 'ready', devnet: JSON.parse(JSON.stringify(devnet)) as DevnetDescription })
} catch (error) {
  const failed: DevnetProcessMessage = {
    type: 'failed',
    name: (error as Error)?.name ?? 'Error',
    message: (error as Error)?.message ?? String(error),
    devnetError: error instanceof DevnetError,
  }
  // Exit once the message is out, or the parent would only see the exit.
  process.send?.(failed, () => process.exit(1))
}
