/**
 * Solana on the repository's Solana devnet (LiteSVM behind a real JSON-RPC, slots in real time
 * at the demo's 400 ms, finalized 8 slots later), in this process with the app (PGlite in a
 * temporary directory) whose tracker reads the devnet through a counting proxy.
 *
 * - RPC requests per polling round with 10 and then 10,000 open Solana links (the extra options
 *   written straight to the table, each with its own Solana Pay reference: creating 10,000 links
 *   through the API is not what is measured). Budget: equal.
 * - Slot finalized -> SSE "paid": a SOL transfer carrying the link's reference (built with
 *   @solana/web3.js by a keypair the app never saw), the tracker running (polling every 100 ms,
 *   as the demo does; links count at `finalized`); the clock starts when the devnet finalizes
 *   the transaction's slot and stops when a subscriber parses the "paid" message. Baseline in the
 *   same run: a bare client polling getSignatureStatuses at the same interval, in step with the
 *   tracker's slot poll (seen at the proxy), timed from the same moment. The devnet's slot clock
 *   is held for this part, and the bench makes the slot that finalizes each payment at a set point
 *   of the poll interval, the points spread over it (bench/lib/pollRace.ts), in batches until the
 *   medians settle (bench/lib/untilSettled.ts).
 */
import type { AddressInfo } from 'node:net'
import { startSolanaDevnet } from '@paylink/devnet/solana'
import type { Asset } from '@paylink/shared'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { describeSweeps, paidBesideBare, paidPhasesPerSweep, pollRace, sweepPaidBesideBare } from '../lib/pollRace.js'
import { solanaTestNetwork, startCrowdBenchApp } from '../lib/startCrowdBenchApp.js'
import { isLoneCall, startCountingProxy } from '../lib/startCountingProxy.js'
import { atMost, info, median, type BenchRow } from '../table.js'

const crowdSizes = [10, 10_000]
const roundsPerSize = 5
const pollIntervalMs = 100

export default async function run(): Promise<BenchRow[]> {
  const devnet = await startSolanaDevnet({})
  const proxy = await startCountingProxy(devnet.rpcUrl)
  const caipNetworkId = `solana:${devnet.genesisHash.slice(0, 32)}`
  const sol: Asset = {
    assetId: `${caipNetworkId}/slip44:501`,
    caipNetworkId,
    symbol: 'SOL',
    name: 'Solana',
    decimals: 9,
    native: true,
  }
  const merchant = Keypair.generate().publicKey.toBase58()
  const bench = await startCrowdBenchApp({
    label: 'solana',
    networks: [solanaTestNetwork(caipNetworkId, proxy.url)],
    assets: [sol],
    paymentLinks: { tracker: { pollIntervalMs } },
    merchant: { namespace: 'solana', address: merchant },
  })
  const { app } = bench
  const payer = Keypair.generate()
  const connection = new Connection(devnet.rpcUrl, 'confirmed')
  const newLink = async (title: string) => {
    const link = await bench.createLink({ title, options: [{ asset: sol.assetId, amount: '0.01' }] })
    const uri = new URL(link.options[0]!.paymentUri!)
    return { id: link.id, reference: new PublicKey(uri.searchParams.get('reference')!) }
  }
  /** Open options with their own references added to one link, straight to the table. */
  const addWatches = async (count: number) => {
    const link = await newLink('Crowd')
    await bench.addOptionCopies(link.id, count, () => ({ reference: Keypair.generate().publicKey.toBase58() }))
  }
  const { tracker } = app.paymentLinks

  try {
    await devnet.waitForSignature(
      await devnet.faucet(payer.publicKey.toBase58(), 'native', 10_000_000_000n),
      'finalized',
    )

    const perSize: Array<{ open: number; perRound: number }> = []
    let open = 0
    for (const size of crowdSizes) {
      await addWatches(size - open - 1)
      open = size
      // Settle first (a round that reads new transactions costs one more batch), then measure.
      for (let pass = 0; pass < 3; pass++) await tracker.runOnce()
      const before = proxy.count
      for (let round = 0; round < roundsPerSize; round++) {
        await tracker.runOnce()
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs))
      }
      perSize.push({ open: size, perRound: (proxy.count - before) / roundsPerSize })
    }

    // Finalized slot -> SSE "paid", with the tracker running.
    await app.listen({ port: 0, host: '127.0.0.1' })
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    tracker.start()
    // The slot clock held: the bench makes the slots, and the one that finalizes each payment comes
    // at a set point of the tracker's poll cycle (bench/lib/pollRace.ts).
    devnet.holdSlots()
    // The head read is a batch of one getSlot; the batch that reads a pending payment's status starts with one too.
    const slotPoll = () => proxy.nextRequest(isLoneCall('getSlot'))
    let run = 0
    const oneRun = async (phase: number) => {
      const link = await newLink(`Latency ${run++}`)
      return paidBesideBare(origin, link.id, 20_000, async () => {
        const instruction = SystemProgram.transfer({
          fromPubkey: payer.publicKey,
          toPubkey: new PublicKey(merchant),
          lamports: 10_000_000n,
        })
        instruction.keys.push({ pubkey: link.reference, isSigner: false, isWritable: false })
        const { blockhash } = await connection.getLatestBlockhash('confirmed')
        const transaction = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(instruction)
        transaction.sign(payer)
        const signature = await connection.sendRawTransaction(transaction.serialize())
        // It lands in the next slot, and is one slot short of finalized finalizeDepth - 1 slots later.
        for (let i = 0; i < devnet.ledger.finalizeDepth; i++) devnet.nextSlot()
        const finalized = async () =>
          (await connection.getSignatureStatuses([signature])).value[0]?.confirmationStatus === 'finalized'
        if (await finalized()) throw new Error('the payment was finalized before the measured slot')
        return pollRace({
          trackerPolls: slotPoll,
          phase,
          // The baseline: a bare client polling the signature's status in step with the tracker.
          bare: { poll: finalized, intervalMs: pollIntervalMs },
          fire: async () => devnet.nextSlot(),
        })
      })
    }
    const sweeps = await sweepPaidBesideBare(oneRun, () => tracker.stop())

    const [small, large] = perSize as [(typeof perSize)[0], (typeof perSize)[0]]
    const latencyMedian = median(sweeps.means.paid)
    const baselineMedian = median(sweeps.means.bare)
    return [
      atMost(
        `RPC requests per polling round, ${large.open.toLocaleString('en-US')} open Solana links (mean of ${roundsPerSize})`,
        large.perRound,
        'requests',
        small.perRound,
        {
          beside: `${small.open} open links: ${small.perRound} requests`,
          note: 'budget: equal to 10 links; one merchant (its SOL account polled); counted at a proxy',
        },
      ),
      atMost(
        'slot finalized -> SSE "paid" / bare status poller',
        Math.round((latencyMedian / baselineMedian) * 10) / 10,
        'x',
        10,
        {
          beside: `bare getSignatureStatuses poller in step with the tracker: ${Math.round(baselineMedian)} ms`,
          note: `budget 10x: the poller reads one status; the tracker the finalized slot, the merchant's signatures, the transaction, then the database and SSE; paid ${Math.round(latencyMedian)} ms (runs ${Math.round(Math.min(...sweeps.runs.paid))}-${Math.round(Math.max(...sweeps.runs.paid))}); finalized 8 slots after landing, the slots made by the bench; tracker polls ${pollIntervalMs} ms after each pass; ${describeSweeps(sweeps, paidPhasesPerSweep)}`,
        },
      ),
      info('slot finalized -> SSE "paid"', Math.round(latencyMedian), 'ms', { note: 'absolute, for information' }),
    ]
  } finally {
    await bench.close()
    await proxy.close()
    await devnet.close()
  }
}
