/**
 * Scan to pay on EVM (deposit addresses, no submission): in this process the devnet, PGlite in
 * a temporary directory and the app, whose tracker reads chain 31337 through a counting proxy.
 *
 * - RPC requests per new block with 10 and then 10,000 open deposit addresses (the extra ones
 *   written straight to the table, as options of one link: creating 10,000 links through the API
 *   is not what is measured); each measured block holds one Test USD deposit into a fresh link's
 *   address, which must come out paid. Budget: equal, and a small constant.
 * - Block -> SSE "paid", the tracker running (head polled every 100 ms as in the demo), for two
 *   payments in each block: an ETH deposit, and a transfer to the merchant whose hash was posted
 *   as the checkout posts it (the figure the paid-latency section measured before). The clock
 *   starts just before the mine and stops when a subscriber parses the `link` message whose
 *   status is "paid". Baseline in the same run: a bare JSON-RPC client polling `eth_blockNumber`
 *   in step with the tracker's own head poll (seen at the proxy), timed from the same mine. Each
 *   block is mined at a set point of the poll interval, the points spread evenly over it
 *   (bench/lib/pollRace.ts), in batches until the medians settle (bench/lib/untilSettled.ts).
 */
import type { AddressInfo } from 'node:net'
import { keccak256, toHex, type Address } from 'viem'
import { evmDepositAddress } from '@paylink/chains/eip155/server'
import { describeSweeps, pollRace, sweepUntilSettled, type Sweeps } from '../lib/pollRace.js'
import { startCrowdBenchApp } from '../lib/startCrowdBenchApp.js'
import { blockScanRows } from '../lib/blockScanRows.js'
import { L1, blocksPerSize, crowdSizes, measureDepositBlocks, startEvmDepositCrowd } from '../lib/evmDepositCrowd.js'
import { isLoneCall } from '../lib/startCountingProxy.js'
import { subscribeLinkEvents } from '../lib/subscribeLinkEvents.js'
import { atMost, info, median, type BenchRow } from '../table.js'

/** Blocks per sweep, one per phase of the tracker's poll cycle (bench/lib/pollRace.ts). */
const phasesPerSweep = 8
const pollIntervalMs = 100

export default async function run(): Promise<BenchRow[]> {
  const crowd = await startEvmDepositCrowd()
  const { devnet, l1, proxy, onDevnet, merchant, tusd, wallet } = crowd
  const bench = await startCrowdBenchApp({
    label: 'deposits',
    networks: crowd.networks,
    assets: onDevnet.assets,
    paymentLinks: { tracker: { only: [L1], pollIntervalMs } },
    merchant: { namespace: 'eip155', address: merchant },
  })
  const { app, status } = bench
  const eth = onDevnet.assets.find((asset) => asset.caipNetworkId === L1 && asset.native)!
  const payer = devnet.accounts[1]!
  const newLink = async (title: string, assetId: string, amount: string) => {
    const link = await bench.createLink({ title, options: [{ asset: assetId, amount }] })
    const depositAddress = link.options[0]!.depositAddress as Address | null
    if (!depositAddress) throw new Error('the option has no deposit address (is the factory deployed on the devnet?)')
    return { id: link.id, depositAddress }
  }
  /** Open options with deposit addresses added to one link, straight to the table. */
  const addWatches = async (count: number) => {
    const link = await newLink('Crowd', tusd.assetId, '1')
    await bench.addOptionCopies(link.id, count, (id, i) => ({
      depositAddress: evmDepositAddress(merchant, `${id}-${keccak256(toHex(i))}`),
    }))
  }
  const { tracker } = app.paymentLinks

  try {
    await wallet.setAutomine(false)
    await tracker.runOnce()
    const perSize: Array<{ open: number; requests: number[]; ms: number[]; paid: number }> = []
    let open = 0
    for (const size of crowdSizes) {
      // Each crowd link is itself one open deposit address, plus its added options.
      await addWatches(size - open - 1)
      open = size
      perSize.push(
        await measureDepositBlocks({
          crowd,
          tracker,
          status,
          open: size,
          blocks: blocksPerSize,
          fresh: (b) => newLink(`Deposit ${size} ${b}`, tusd.assetId, '1'),
        }),
      )
    }

    // Block -> SSE "paid", with the tracker running: in each block an ETH deposit and a payment
    // whose hash was posted, each on its own link, timed from the same mine.
    await app.listen({ port: 0, host: '127.0.0.1' })
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    tracker.start()
    const blockNumber = async () => {
      const answer = await fetch(l1.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' }),
      })
      return BigInt(((await answer.json()) as { result: string }).result)
    }
    let run = 0
    const oneRun = async (phase: number) => {
      const deposit = await newLink(`Latency deposit ${run}`, eth.assetId, '0.001')
      const posted = await newLink(`Latency posted ${run++}`, eth.assetId, '0.001')
      const events = {
        deposit: subscribeLinkEvents(origin, deposit.id),
        posted: subscribeLinkEvents(origin, posted.id),
      }
      try {
        await Promise.all(Object.values(events).map((e) => e.waitFor((m) => m.link.status === 'open')))
        await wallet.payEth(payer, deposit.depositAddress, '0.001')
        const txHash = await wallet.payEth(payer, merchant, '0.001')
        const submitted = await app.inject({
          method: 'POST',
          url: `/api/links/${posted.id}/payments`,
          payload: { caipNetworkId: L1, txHash },
        })
        if (submitted.json<{ status: string }>().status !== 'pending')
          throw new Error(`a mempool transaction should be pending: ${submitted.body}`)
        await events.posted.waitFor((m) => m.link.payments.length === 1)
        const heightBefore = await blockNumber()
        const race = await pollRace({
          trackerPolls: () => proxy.nextRequest(isLoneCall('eth_blockNumber')),
          phase,
          bare: { poll: async () => (await blockNumber()) > heightBefore, intervalMs: pollIntervalMs },
          fire: () => wallet.mine(1),
        })
        const [depositPaid, postedPaid, bareSeenAt] = await Promise.all([
          events.deposit.waitFor((m) => m.link.status === 'paid', 15_000),
          events.posted.waitFor((m) => m.link.status === 'paid', 15_000),
          race.bareSeenAt,
        ])
        return {
          deposit: depositPaid.at - race.firedAt,
          posted: postedPaid.at - race.firedAt,
          bare: bareSeenAt - race.firedAt,
          cycleMs: race.cycleMs,
        }
      } finally {
        for (const e of Object.values(events)) e.close()
      }
    }
    let sweeps: Sweeps<'deposit' | 'posted' | 'bare'>
    try {
      sweeps = await sweepUntilSettled({
        keys: ['deposit', 'posted', 'bare'],
        phasesPerSweep,
        run: oneRun,
        minSweeps: 3,
        maxSweeps: 8,
      })
    } finally {
      await tracker.stop()
    }

    const [small, large] = perSize as [(typeof perSize)[0], (typeof perSize)[0]]
    const maxOf = (values: number[]) => Math.max(...values)
    const expectedPaid = crowdSizes.length * blocksPerSize
    return [
      atMost(
        `RPC requests per new block, ${large.open.toLocaleString('en-US')} open deposit addresses (max of ${blocksPerSize})`,
        maxOf(large.requests),
        'requests',
        Math.min(maxOf(small.requests), 5),
        {
          beside: `${small.open} open deposit addresses: ${maxOf(small.requests)} requests`,
          note: 'budget: equal to 10 addresses and at most 5; one Test USD deposit per block; counted at a proxy',
        },
      ),
      ...blockScanRows({
        crowd: 'open deposit addresses',
        smallCrowd: 'addresses',
        paymentsWhat: 'deposits',
        blocksPerSize,
        expectedPaid,
        small,
        large,
      }),
      ...latencyRows(sweeps, large.open),
    ]
  } finally {
    await wallet.setAutomine(true).catch(() => {})
    await bench.close()
    await crowd.close()
  }
}

/** The timing rows: each kind of payment beside the bare head poller that polled in step with the tracker. */
function latencyRows(sweeps: Sweeps<'deposit' | 'posted' | 'bare'>, open: number): BenchRow[] {
  const [deposit, posted, bare] = (['deposit', 'posted', 'bare'] as const).map((key) => median(sweeps.means[key])) as [
    number,
    number,
    number,
  ]
  const spread = (values: number[]) => `runs ${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))} ms`
  const beside = `bare eth_blockNumber poller in step with the tracker: ${Math.round(bare)} ms`
  return [
    atMost('block mined -> SSE "paid", ETH deposit / bare head poller', round1(deposit / bare), 'x', 5, {
      beside,
      note: `paid ${Math.round(deposit)} ms (${spread(sweeps.runs.deposit)}); 1 confirmation; ${open.toLocaleString('en-US')} open deposit addresses; ${describeSweeps(sweeps, phasesPerSweep)}`,
    }),
    info('block mined -> SSE "paid", ETH deposit', Math.round(deposit), 'ms', { note: 'absolute, for information' }),
    atMost('block mined -> SSE "paid", hash posted by the checkout', Math.round(posted), 'ms', 500, {
      beside: `${round1(posted / bare)}x the ${beside}`,
      note: `${spread(sweeps.runs.posted)}; the payment waited in the mempool with its hash posted; the same blocks as the deposits`,
    }),
  ]
}

const round1 = (value: number) => Math.round(value * 10) / 10
