/**
 * Payments while the RPC fails (#27), on all three chain families: EVM (the devnet's anvil, Test
 * USD deposits), Solana (the repository's Solana devnet, SOL with a Solana Pay reference) and
 * Bitcoin (the Esplora fixture of the tests, a derived address per link). The app in this process
 * reads each chain through the seeded fault proxy of the server's tests
 * (apps/server/src/testing/startFaultProxy.ts), polling every 100 ms.
 *
 * Per chain, two runs, each a fresh app on the same chain: without faults, then with 30 % of
 * requests faulted (5xx, 429 with Retry-After, hangs past the 1 s timeout, cut bodies, failed
 * batch elements, a lagging head or tip, eth_getLogs refusing wide ranges, getTransaction null at
 * first) and a 20 s outage, the issue's, while payments wait. Six payments per run: two before
 * the outage, two during it, two after. Anvil and the fixture make a block every second besides
 * the payments' own (Solana makes a slot every 100 ms), so the scan walks blocks while it waits.
 *
 * - Payments lost (not paid within 60 s of the last one made) and counted twice (more than one
 *   payment row): budget 0.
 * - Outage end -> last pending payment paid, beside the median payment -> paid without faults
 *   (information; the ratio in the note).
 * - RPC requests per block, with faults against without (information).
 */
import { bitcoinNetworkOf } from '@paylink/chains/bip122/server'
import { regtestFixture, startEsploraFixture } from '@paylink/chains/bip122/testing/esploraFixture'
import { anvilWallet } from '@paylink/chains/eip155/devnet'
import { devnetSolanaAssets } from '@paylink/chains/solana/server'
import { startDevnet } from '@paylink/devnet'
import { startSolanaDevnet } from '@paylink/devnet/solana'
import type { Asset, Network } from '@paylink/shared'
import { Connection, Keypair } from '@solana/web3.js'
import { createPublicClient, http, type Address } from 'viem'
import { devnetNetworks } from '../../apps/server/src/devnet/devnetNetworks.js'
import {
  merchantAccountKey,
  regtestBtc,
  regtestChain,
  regtestNetwork,
} from '../../apps/server/src/testing/bitcoinRegtest.js'
import { firstPassSucceeds } from '../../apps/server/src/testing/firstPassSucceeds.js'
import { fundSolanaPayer, type SolanaPayer } from '../../apps/server/src/testing/solanaPayer.js'
import { startFaultProxy, type FaultFlavour } from '../../apps/server/src/testing/startFaultProxy.js'
import { startCrowdBenchApp, testNetwork, type CrowdBenchApp } from '../lib/startCrowdBenchApp.js'
import { atMost, info, median, type BenchRow } from '../table.js'

const payments = 6
const outageMs = 20_000
const paidWithinMs = 60_000

type CreatedLink = Awaited<ReturnType<CrowdBenchApp['createLink']>>

/** One chain as the runs use it: where its RPC is, what a link asks, how a payer pays. */
interface ChainUnderFaults {
  name: string
  flavour: FaultFlavour
  upstream: string
  caipNetworkId: string
  network(rpcUrl: string): Network
  assets: Asset[]
  merchant: { namespace: string; address: string }
  /** Payment `i`'s link option (each amount differs). */
  option(i: number): Record<string, unknown>
  pay(link: CreatedLink, i: number): Promise<void>
  height(): Promise<number>
  /** A block, where the chain makes none by itself. */
  tick?(): Promise<void>
  close(): Promise<void>
}

interface RunResult {
  lost: number
  twice: number
  /** Each payment's time from made (the payer's view) to paid. */
  latencies: number[]
  /** Outage end -> the last payment made before or during it paid (with an outage only). */
  catchUpMs: number | null
  requestsPerBlock: number
  seed: number
  injected: string
}

async function evmChain(): Promise<ChainUnderFaults> {
  const devnet = await startDevnet({ solana: false, bitcoin: false })
  const l1 = devnet.chains.find((chain) => chain.chainId === 31337)!
  const onDevnet = devnetNetworks(devnet)
  const caipNetworkId = 'eip155:31337'
  const tusd = onDevnet.assets.find((asset) => asset.caipNetworkId === caipNetworkId && !asset.native)!
  const wallet = anvilWallet(l1.rpcUrl)
  const payer = devnet.accounts[1]!
  return {
    name: 'EVM',
    flavour: 'evm',
    upstream: l1.rpcUrl,
    caipNetworkId,
    network: (rpcUrl) => {
      const { rpcUrls: _, ...network } = onDevnet.networks.find((n) => n.caipNetworkId === caipNetworkId)!
      return { ...network, rpcUrl }
    },
    assets: [tusd],
    merchant: { namespace: 'eip155', address: devnet.accounts[5]! },
    option: (i) => ({ asset: tusd.assetId, amount: `${i + 1}.5` }),
    async pay(link, i) {
      await wallet.payToken(devnet.token.address, payer, link.options[0]!.depositAddress as Address, `${i + 1}.5`, 6)
    },
    height: async () => Number(await createPublicClient({ transport: http(l1.rpcUrl) }).getBlockNumber()),
    tick: () => wallet.mine(1),
    close: () => devnet.stop(),
  }
}

async function solanaChain(): Promise<ChainUnderFaults> {
  const devnet = await startSolanaDevnet({ slotMs: 100, finalizeDepth: 8 })
  const connection = new Connection(devnet.rpcUrl, 'confirmed')
  const [sol] = devnetSolanaAssets(devnet)
  const merchant = Keypair.generate().publicKey.toBase58()
  let payer: SolanaPayer | null = null
  return {
    name: 'Solana',
    flavour: 'solana',
    upstream: devnet.rpcUrl,
    caipNetworkId: devnet.caipNetworkId,
    network: (rpcUrl) =>
      testNetwork({
        caipNetworkId: devnet.caipNetworkId,
        name: 'Solana devnet',
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        rpcUrl,
      }),
    assets: [sol!],
    merchant: { namespace: 'solana', address: merchant },
    option: (i) => ({ asset: sol!.assetId, amount: `0.0${i + 1}` }),
    async pay(link) {
      payer ??= await fundSolanaPayer(devnet, [merchant])
      await payer.pay(link.options[0]!.paymentUri!)
    },
    height: () => connection.getSlot('confirmed'),
    close: () => devnet.close(),
  }
}

async function bitcoinChain(): Promise<ChainUnderFaults> {
  const esplora = await startEsploraFixture(bitcoinNetworkOf(regtestChain)!, regtestFixture.genesisHash)
  for (let i = 0; i < 3; i++) esplora.mine()
  // The merchant's account key: the app sees the tpub only, passed as each option's recipient.
  const tpub = merchantAccountKey(new Uint8Array(32).fill(9)).publicExtendedKey
  let coin = 0
  return {
    name: 'Bitcoin',
    flavour: 'esplora',
    upstream: esplora.url,
    caipNetworkId: regtestChain,
    network: (rpcUrl) => regtestNetwork(rpcUrl, 'Bitcoin regtest (fixture)'),
    assets: [regtestBtc],
    merchant: { namespace: 'eip155', address: '0x00000000000000000000000000000000000000b7' },
    option: (i) => ({ asset: regtestBtc.assetId, amount: `0.00${i + 1}`, recipient: tpub }),
    async pay(link, i) {
      const payment = esplora.transaction(
        [
          {
            txid: (++coin).toString(16).padStart(64, '0'),
            vout: 0,
            address: regtestFixture.payerAddress,
            value: 10_000_000n,
          },
        ],
        [{ address: link.options[0]!.depositAddress!, value: BigInt(i + 1) * 100_000n }],
      )
      esplora.mine([payment])
    },
    height: async () => esplora.blocks.length - 1,
    tick: async () => void esplora.mine(),
    close: () => esplora.close(),
  }
}

async function runOnce(chain: ChainUnderFaults, faulty: boolean): Promise<RunResult> {
  const proxy = await startFaultProxy({
    upstream: chain.upstream,
    flavour: chain.flavour,
    rate: faulty ? 0.3 : 0,
    nullTransactionRate: faulty ? 0.5 : 0,
    hangMs: 3000,
  })
  const bench = await startCrowdBenchApp({
    label: `rpc-faults-${chain.flavour}`,
    networks: [chain.network(proxy.url)],
    assets: chain.assets,
    paymentLinks: {
      tracker: { only: [chain.caipNetworkId], pollIntervalMs: 100, idleRecheckMs: 500, rpcTimeoutMs: 1000 },
    },
    merchant: chain.merchant,
  })
  await firstPassSucceeds(bench.app)
  bench.app.paymentLinks.start()
  const ticker = chain.tick && setInterval(() => void chain.tick!().catch(() => {}), 1000)
  try {
    const startHeight = await chain.height()
    const startRequests = proxy.requests
    const made: Array<{ id: string; madeAt: number; paidAt: number | null }> = []
    const pay = async (i: number) => {
      const link = await bench.createLink({ title: `Fault ${i}`, options: [chain.option(i)] })
      await chain.pay(link, i)
      made.push({ id: link.id, madeAt: Date.now(), paidAt: null })
    }
    const watch = async () => {
      const until = Date.now() + paidWithinMs
      while (made.some((m) => m.paidAt === null) && Date.now() < until) {
        for (const m of made.filter((m) => m.paidAt === null))
          if ((await bench.status(m.id)) === 'paid') m.paidAt = Date.now()
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    let catchUpMs: number | null = null
    if (faulty) {
      await pay(0)
      await pay(1)
      proxy.outage(outageMs)
      const outageEnds = Date.now() + outageMs
      await pay(2)
      await pay(3)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())))
      const pending = [...made]
      await pay(4)
      await pay(5)
      await watch()
      const last = Math.max(...pending.map((m) => m.paidAt ?? Number.POSITIVE_INFINITY))
      catchUpMs = Number.isFinite(last) ? Math.max(0, last - outageEnds) : null
    } else {
      // One at a time: each payment's latency alone.
      for (let i = 0; i < payments; i++) {
        await pay(i)
        await watch()
      }
    }
    await watch()
    const blocks = (await chain.height()) - startHeight
    let twice = 0
    for (const m of made) {
      const view = (await bench.app.inject({ method: 'GET', url: `/api/links/${m.id}` })).json<{
        payments: unknown[]
      }>()
      if (view.payments.length > 1) twice++
    }
    return {
      lost: made.filter((m) => m.paidAt === null).length,
      twice,
      latencies: made.flatMap((m) => (m.paidAt === null ? [] : [m.paidAt - m.madeAt])),
      catchUpMs,
      requestsPerBlock: (proxy.requests - startRequests) / Math.max(1, blocks),
      seed: proxy.seed,
      injected: JSON.stringify(proxy.injected),
    }
  } finally {
    if (ticker) clearInterval(ticker)
    await bench.close()
    await proxy.close()
  }
}

export default async function run(): Promise<BenchRow[]> {
  const results: Array<{ chain: string; clean: RunResult; faults: RunResult }> = []
  for (const start of [evmChain, solanaChain, bitcoinChain]) {
    const chain = await start()
    try {
      results.push({ chain: chain.name, clean: await runOnce(chain, false), faults: await runOnce(chain, true) })
    } finally {
      await chain.close()
    }
  }
  const sum = (of: (result: (typeof results)[number]) => number) => results.reduce((total, r) => total + of(r), 0)
  return [
    atMost(
      `payments lost at 30 % faults and a ${outageMs / 1000} s outage`,
      sum((r) => r.faults.lost + r.clean.lost),
      'payments',
      0,
      {
        note: `${payments} per run and chain; ${results
          .map((r) => `${r.chain} lost ${r.faults.lost}, FAULT_SEED=${r.faults.seed}: ${r.faults.injected}`)
          .join('; ')}`,
      },
    ),
    atMost(
      'payments counted twice at 30 % faults',
      sum((r) => r.faults.twice + r.clean.twice),
      'payments',
      0,
    ),
    ...results.flatMap(({ chain, clean, faults }) => {
      const cleanMedian = median(clean.latencies)
      return [
        info(`${chain}: outage end -> last pending payment paid`, faults.catchUpMs ?? Number.NaN, 'ms', {
          beside: `paid without faults: ${Math.round(cleanMedian)} ms (median)`,
          note:
            faults.catchUpMs === null
              ? 'a payment made before the outage ended was not paid'
              : `ratio ${(faults.catchUpMs / Math.max(1, cleanMedian)).toFixed(1)}x`,
        }),
        info(
          `${chain}: RPC requests per block with 30 % faults`,
          Number(faults.requestsPerBlock.toFixed(2)),
          'requests',
          {
            beside: `without faults: ${clean.requestsPerBlock.toFixed(2)} requests per block`,
          },
        ),
      ]
    }),
  ]
}
