import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, type Address, type Hash } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'

import { startDevnet, type Devnet } from './devnet.js'
import { DevnetInUseError } from './errors.js'

const dir = mkdtempSync(join(tmpdir(), 'paylink-devnet-restart-'))
const running: Devnet[] = []
afterAll(async () => {
  await Promise.all(running.map((devnet) => devnet.stop()))
  rmSync(dir, { recursive: true, force: true })
})

async function start(stateDir: string, reset = false) {
  const devnet = await startDevnet({ stateDir, reset })
  running.push(devnet)
  return devnet
}

const l1 = (devnet: Pick<Devnet, 'chains'>) =>
  createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl), pollingInterval: 20 })

/** A TUSD payment from account 2 to account 3 and an ETH one on the L2; waits for both receipts. */
async function pay(devnet: Pick<Devnet, 'chains' | 'token' | 'accounts'>): Promise<Hash> {
  const [from, to] = [devnet.accounts[2]!, devnet.accounts[3]!]
  const wallet = createWalletClient({ transport: http(devnet.chains[0]!.rpcUrl), account: from })
  const hash = await wallet.writeContract({
    chain: null,
    address: devnet.token.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, 1_500_000n],
  })
  await l1(devnet).waitForTransactionReceipt({ hash })
  const l2 = createWalletClient({ transport: http(devnet.chains[1]!.rpcUrl), account: from })
  const l2Hash = await l2.sendTransaction({ chain: null, to, value: parseEther('1') })
  await createPublicClient({
    transport: http(devnet.chains[1]!.rpcUrl),
    pollingInterval: 20,
  }).waitForTransactionReceipt({ hash: l2Hash })
  return hash
}

/** What must be the same after a restart: blocks, the payment, balances, the token's code, the deployer's nonce. */
async function snapshot(devnet: Pick<Devnet, 'chains' | 'token' | 'accounts'>, payment: Hash) {
  const client = l1(devnet)
  const l2 = createPublicClient({ transport: http(devnet.chains[1]!.rpcUrl) })
  const balanceOf = (account: Address) =>
    client.readContract({ address: devnet.token.address, abi: erc20Abi, functionName: 'balanceOf', args: [account] })
  const receipt = await client.getTransactionReceipt({ hash: payment })
  return {
    token: devnet.token.address,
    code: await client.getCode({ address: devnet.token.address }),
    deployerNonce: await client.getTransactionCount({ address: devnet.accounts[0]! }),
    genesis: (await client.getBlock({ blockNumber: 0n })).hash,
    paymentBlock: { number: receipt.blockNumber, hash: receipt.blockHash },
    head: await client.getBlockNumber(),
    payer: await balanceOf(devnet.accounts[2]!),
    payee: await balanceOf(devnet.accounts[3]!),
    l2Head: (await l2.getBlock()).hash,
    l2Payee: await l2.getBalance({ address: devnet.accounts[3]! }),
  }
}

/** Anvil processes (not the watchdog shells) whose command line names `path`. */
function anvilsOf(path: string): number[] {
  return readdirProc().filter((pid) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      return argv[0]!.endsWith('/anvil') && argv.some((arg) => arg.startsWith(path))
    } catch {
      return false
    }
  })
}

function readdirProc(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
}

describe('startDevnet with a state directory', () => {
  it('is the same chains after a stop and a start: blocks, payment, balances, Test USD not redeployed', async () => {
    const stateDir = join(dir, 'stop')
    const first = await start(stateDir)
    const payment = await pay(first)
    const before = await snapshot(first, payment)
    await first.stop()
    expect(anvilsOf(stateDir)).toEqual([])
    expect(existsSync(join(stateDir, 'eip155-31337.pid'))).toBe(false)

    const second = await start(stateDir)
    expect(await snapshot(second, payment)).toEqual(before)
    expect(second.token).toEqual(first.token)
    expect(before.deployerNonce).toBe(3) // Test USD, then the deposit factory and the subscriptions collector (through the proxy)
    // The chain goes on from there.
    const next = await pay(second)
    expect((await l1(second).getTransactionReceipt({ hash: next })).blockNumber).toBe(before.head + 1n)
  })

  it('is the same chains after its process is killed with SIGKILL, whose anvils end on their own', async () => {
    const stateDir = join(dir, 'kill')
    const module = new URL('./devnet.ts', import.meta.url).pathname
    const code = `import { startDevnet } from '${module}'; const d = await startDevnet({ stateDir: ${JSON.stringify(stateDir)} }); console.log(JSON.stringify(d))`
    const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    owner.stdout.on('data', (chunk: Buffer) => (output += chunk))
    while (!output.includes('\n')) {
      expect(owner.exitCode, 'the devnet process exited before starting').toBeNull()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const first = JSON.parse(output) as Pick<Devnet, 'chains' | 'token' | 'accounts'>
    const payment = await pay(first)
    const before = await snapshot(first, payment)
    expect(anvilsOf(stateDir)).toHaveLength(2)

    owner.kill('SIGKILL')
    const deadline = Date.now() + 10_000
    while (anvilsOf(stateDir).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(anvilsOf(stateDir), 'anvils still running after their server was killed').toEqual([])

    const second = await start(stateDir)
    expect(await snapshot(second, payment)).toEqual(before)
  })

  it('refuses to start on a state directory a live process runs', async () => {
    const stateDir = join(dir, 'busy')
    await start(stateDir)
    await expect(startDevnet({ stateDir })).rejects.toBeInstanceOf(DevnetInUseError)
    await expect(startDevnet({ stateDir })).rejects.toThrow(`is in use by process ${process.pid}`)
  })

  it('with reset, starts new chains in place of the saved ones', async () => {
    const stateDir = join(dir, 'reset')
    const first = await start(stateDir)
    const payment = await pay(first)
    await first.stop()
    const second = await start(stateDir, true)
    await expect(l1(second).getTransactionReceipt({ hash: payment })).rejects.toThrow()
    expect(await l1(second).getBlockNumber()).toBe(3n) // the Test USD, deposit factory and collector deployments
    expect(second.token.address).toBe(first.token.address)
  })
})
