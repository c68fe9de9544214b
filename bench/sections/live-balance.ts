/**
 * Issue #13's figures: how soon a block that changes the connected account's balance shows on
 * the Wallet page, and what the page costs the RPC while it is open. A real Paylink server (the
 * built app, the devnet) on loopback, Debian's Chromium with the EVM test wallet injected (anvil's
 * account 0), the Wallet page connected. Transfers come from beside the app: account 1 sends to
 * account 0 over the devnet's JSON-RPC. Every request the page sends to the server's devnet RPC
 * proxy (`/devnet/rpc/<chain>`) is counted as it leaves the browser, with the JSON-RPC methods in it.
 */
import { execFileSync } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { resolve } from 'node:path'
import { chromium, type Request } from '@playwright/test'
import { buildTestWalletBundle } from '@paylink/devnet/test-wallets/bundle'
import { formatAmount } from '@paylink/shared'
import { createWalletClient, http, parseEther, toHex, createPublicClient, type Hex } from 'viem'
import { chromiumLaunchOptions } from '../../e2e/support/chromium.js'
import { keepToLoopback } from '../../e2e/support/loopback.js'
import { startPaylinkServer } from '../../e2e/support/server.js'
import { describeSweeps, pollRace, sweepUntilSettled } from '../lib/pollRace.js'
import { atMost, info, median, type BenchRow } from '../table.js'

const repo = resolve(import.meta.dirname, '../..')
/** Blocks per sweep, one per phase of the page's head poll cycle. */
const PHASES = 4
const IDLE_MS = 10_000
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Balance methods: eth_getBalance for the coin, eth_call (balanceOf) for tokens. */
const balanceMethods = new Set(['eth_getBalance', 'eth_call'])

interface RpcRequest {
  at: number
  chain: string
  methods: string[]
}

export default async function run(): Promise<BenchRow[]> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  execFileSync(npm, ['run', 'build'], { cwd: repo, stdio: 'ignore' })
  const server = await startPaylinkServer()
  const browser = await chromium.launch(chromiumLaunchOptions())
  try {
    const { origin } = server
    const context = await browser.newContext({ baseURL: origin })
    await keepToLoopback(context)
    const wallet = {
      evm: {
        chains: [31337, 31338].map((id) => ({
          chainId: id,
          name: `Devnet ${id}`,
          rpcUrl: `${origin}/devnet/rpc/${id}`,
        })),
      },
    }
    await context.addInitScript(`window.__paylinkTestWalletConfig = ${JSON.stringify(wallet)};`)
    await context.addInitScript(await buildTestWalletBundle())
    const page = await context.newPage()
    const requests: RpcRequest[] = []
    page.on('request', (request: Request) => {
      const match = /\/devnet\/rpc\/(\d+)$/.exec(request.url())
      if (!match || request.method() !== 'POST') return
      const body = request.postDataJSON() as { method: string } | Array<{ method: string }>
      requests.push({
        at: Date.now(),
        chain: match[1]!,
        methods: (Array.isArray(body) ? body : [body]).map((c) => c.method),
      })
    })

    await page.goto('/wallet')
    await page.locator('appkit-button').click()
    await page.locator('w3m-modal').getByText('Paylink Test Wallet').first().click()
    await page.getByTestId('status-eip155').getByText('connected', { exact: true }).waitFor()
    await page
      .getByTestId('balances-eip155')
      .getByRole('row', { name: /^Paylink Devnet ETH [\d.,]+ ETH$/ })
      .waitFor()
    const networks = await page
      .getByTestId('balances-eip155')
      .locator('tbody tr')
      .evaluateAll((trs) => new Set(trs.map((tr) => tr.children[0]?.textContent)).size)
    const shown = await page.getByTestId('balances-eip155').locator('tbody tr').count()
    await page.keyboard.press('Escape')

    // Idle: no block for IDLE_MS.
    await page.waitForTimeout(1000)
    const idleFrom = Date.now()
    await page.waitForTimeout(IDLE_MS)
    const idle = requests.filter((r) => r.at >= idleFrom && r.at < idleFrom + IDLE_MS)
    const idleHeadPolls = idle.filter((r) => r.methods.includes('eth_blockNumber')).length
    const idleBalanceReads = idle.filter((r) => r.methods.some((m) => balanceMethods.has(m))).length

    // Blocks: transfers from outside the app, each sent at a set point of the page's head poll
    // cycle on chain 31337, the points spread evenly over it, in sweeps until the median of their
    // means settles (bench/lib/pollRace.ts).
    const rpc = `${origin}/devnet/rpc/31337`
    const sender = createWalletClient({ transport: http(rpc) })
    const reader = createPublicClient({ transport: http(rpc) })
    const nextHeadPoll = () =>
      new Promise<void>((resolve) => {
        const onRequest = (request: Request) => {
          if (!request.url().endsWith('/devnet/rpc/31337') || !request.postData()?.includes('"eth_blockNumber"')) return
          page.off('request', onRequest)
          resolve()
        }
        page.on('request', onRequest)
      })
    let sent = 0
    const oneBlock = async (phase: number) => {
      let hash: Hex | undefined
      const race = await pollRace({
        trackerPolls: nextHeadPoll,
        phase,
        fire: async () => {
          hash = (await sender.request({
            method: 'eth_sendTransaction',
            params: [{ from: ACCOUNT_1, to: ACCOUNT_0, value: toHex(parseEther(`0.0${++sent}`)) }],
          })) as Hex
        },
      })
      const minedAt = performance.now() // anvil mines before it answers
      const receipt = await reader.getTransactionReceipt({ hash: hash! })
      // As the page writes amounts for people (grouped, 8 decimals at most, never rounded up).
      const expected = `Paylink Devnet ETH ${formatAmount(await reader.getBalance({ address: ACCOUNT_0, blockNumber: receipt.blockNumber }), 18)} ETH`
      await page.waitForFunction(
        (text) =>
          [...document.querySelectorAll('[data-testid="balances-eip155"] tbody tr')].some(
            (tr) => [...tr.children].map((td) => td.textContent).join(' ') === text,
          ),
        expected,
        { polling: 'raf', timeout: 10_000 },
      )
      return { shown: performance.now() - minedAt, cycleMs: race.cycleMs }
    }
    const blocksFrom = Date.now()
    const sweeps = await sweepUntilSettled({
      keys: ['shown'],
      phasesPerSweep: PHASES,
      run: oneBlock,
      minSweeps: 2,
      maxSweeps: 5,
    })
    const latencies = sweeps.runs.shown
    const blocksUntil = Date.now()
    const during = requests.filter((r) => r.at >= blocksFrom && r.at <= blocksUntil)
    const balanceReads = during.filter((r) => r.methods.some((m) => balanceMethods.has(m)))
    const callsPerBatch = balanceReads.length ? Math.max(...balanceReads.map((r) => r.methods.length)) : 0
    const headPollsPerSecond = Math.round((idleHeadPolls / (IDLE_MS / 1000)) * 100) / 100
    await context.close()

    const constant = `per network 1 head poll (eth_blockNumber) per 1 s poll interval + 1 batch per new block, whatever the number of balances`
    return [
      atMost('block -> balance shown on the Wallet page', Math.round(median(sweeps.means.shown)), 'ms', 1000, {
        beside: `runs ${Math.round(Math.min(...latencies))}-${Math.round(Math.max(...latencies))} ms`,
        note: `transfer from beside the app; the page polls the head every 1 s; ${describeSweeps(sweeps, PHASES)}`,
      }),
      atMost(
        `balance reads per new block (${networks} networks, ${shown} balances shown)`,
        Math.round((balanceReads.length / latencies.length) * 100) / 100,
        'requests',
        1,
        {
          beside: `${callsPerBatch} JSON-RPC calls in one batch`,
          note: constant,
        },
      ),
      // 1 per network per second; 10% for timer jitter at the edges of the counting window.
      atMost(
        `head polls per second while open (${networks} networks)`,
        headPollsPerSecond,
        'requests/s',
        Math.round(networks * 1.1 * 10) / 10,
        {
          note: 'no block for 10 s; 1 per network per 1 s poll interval',
        },
      ),
      atMost('balance reads while no block comes (10 s)', idleBalanceReads, 'requests', 0),
      info(
        'all devnet RPC requests per second while open and idle',
        Math.round((idle.length / (IDLE_MS / 1000)) * 100) / 100,
        'requests/s',
      ),
    ]
  } finally {
    await browser.close()
    await server.stop()
  }
}
