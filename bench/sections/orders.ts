/**
 * Orders of one reusable link (#30): in this process the devnet, PGlite in a temporary directory
 * and the app, whose tracker reads chain 31337 through a counting proxy.
 *
 * - Orders created per second on one reusable link, as payers make them (`POST
 *   /api/links/:id/orders`, several at once: they queue on the link's row lock), on PGlite and,
 *   when a Postgres can be started (as the tests start one), on Postgres.
 * - RPC requests per new block with 10 and then 10,000 open orders of the link, each with its own
 *   deposit address (the orders past those made through the API written straight to the tables,
 *   as copies of a real order: creating 10,000 through the API is not what is measured); each
 *   measured block holds one Test USD payment into a fresh order's address, which must come out
 *   paid. Budget: equal, the tracker's reads per block must not grow with the open orders.
 */
import { performance } from 'node:perf_hooks'
import { evmDepositAddress } from '@paylink/chains/eip155/server'
import type { Address } from 'viem'
import { newId } from '../../apps/server/src/db/newId.js'
import { linkOptions, links } from '../../apps/server/src/db/schema.js'
import { canStartTestPostgres, startTestPostgres } from '../../apps/server/src/testing/testPostgres.js'
import { blockScanRows, type CrowdMeasure } from '../lib/blockScanRows.js'
import { L1, blocksPerSize, crowdSizes, measureDepositBlocks, startEvmDepositCrowd } from '../lib/evmDepositCrowd.js'
import { startCrowdBenchApp, type CrowdBenchApp, type CrowdBenchAppOptions } from '../lib/startCrowdBenchApp.js'
import { atMost, info, type BenchRow } from '../table.js'

/** Orders timed through the API per database, and how many are asked for at once. */
const timedOrders = 400
const concurrency = 8

export default async function run(): Promise<BenchRow[]> {
  const crowd = await startEvmDepositCrowd()
  const { onDevnet, merchant, tusd, wallet } = crowd
  const options: Omit<CrowdBenchAppOptions, 'label'> = {
    networks: crowd.networks,
    assets: onDevnet.assets,
    paymentLinks: { tracker: { only: [L1] } },
    merchant: { namespace: 'eip155', address: merchant },
  }
  const shirt = { title: 'T-shirt', reusable: true, options: [{ asset: tusd.assetId, amount: '1' }] }
  const bench = await startCrowdBenchApp({ label: 'orders', ...options })
  const { tracker } = bench.app.paymentLinks

  try {
    const { id: linkId } = await bench.createLink(shirt)
    await wallet.setAutomine(false)
    await tracker.runOnce()
    const perSize: Array<CrowdMeasure & { requests: number[] }> = []
    let open = 0
    let pglite: OrderRate | null = null
    for (const size of crowdSizes) {
      // Each measured block adds one order; the crowd is what is open before it.
      if (open === 0) for (; open < size; open++) await createOrder(bench, linkId)
      else {
        pglite = await timeOrders(bench, linkId)
        open += timedOrders
        await addOrderCopies(bench, linkId, size - open)
        open = size
      }
      perSize.push(
        await measureDepositBlocks({
          crowd,
          tracker,
          status: bench.status,
          open: size,
          blocks: blocksPerSize,
          fresh: () => createOrder(bench, linkId),
        }),
      )
    }
    await wallet.setAutomine(true)

    const postgres = canStartTestPostgres() ? await timeOrdersOnPostgres(options, shirt) : null
    const [small, large] = perSize as [(typeof perSize)[0], (typeof perSize)[0]]
    const maxOf = (values: number[]) => Math.max(...values)
    return [
      rateRow('PGlite', pglite!),
      postgres
        ? rateRow('Postgres', postgres)
        : info('orders created per second, one reusable link (Postgres)', 0, 'orders/s', {
            note: 'not measured: no Postgres to start here (DATABASE_URL or /usr/lib/postgresql)',
          }),
      atMost(
        `RPC requests per new block, ${large.open.toLocaleString('en-US')} open orders of one link (max of ${blocksPerSize})`,
        maxOf(large.requests),
        'requests',
        maxOf(small.requests),
        {
          beside: `${small.open} open orders: ${maxOf(small.requests)} requests`,
          note: 'budget: equal to 10 orders; each order its own deposit address; one Test USD payment to a fresh order per block; counted at a proxy',
        },
      ),
      ...blockScanRows({
        crowd: 'open orders',
        smallCrowd: 'orders',
        paymentsWhat: 'order payments',
        blocksPerSize,
        expectedPaid: crowdSizes.length * blocksPerSize,
        small,
        large,
      }),
    ]
  } finally {
    await wallet.setAutomine(true).catch(() => {})
    await bench.close()
    await crowd.close()
  }
}

interface OrderRate {
  perSecond: number
  ms: number
}

/** `POST /api/links/:id/orders` as a payer (no key): the order's id and its deposit address. */
async function createOrder(bench: CrowdBenchApp, linkId: string): Promise<{ id: string; depositAddress: Address }> {
  const response = await bench.app.inject({ method: 'POST', url: `/api/links/${linkId}/orders`, payload: {} })
  if (response.statusCode !== 201)
    throw new Error(`POST /api/links/${linkId}/orders: ${response.statusCode} ${response.body}`)
  const order = response.json<{ id: string; options: Array<{ depositAddress: Address | null }> }>()
  const depositAddress = order.options[0]!.depositAddress
  if (!depositAddress) throw new Error('the order has no deposit address (is the factory deployed on the devnet?)')
  return { id: order.id, depositAddress }
}

/** `timedOrders` orders of the link, `concurrency` asked for at once, timed as a whole. */
async function timeOrders(bench: CrowdBenchApp, linkId: string): Promise<OrderRate> {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < timedOrders) await createOrder(bench, linkId)
    }),
  )
  const ms = performance.now() - started
  return { perSecond: Math.round((timedOrders / ms) * 1000), ms }
}

const rateRow = (database: string, rate: OrderRate) =>
  info(`orders created per second, one reusable link (${database})`, rate.perSecond, 'orders/s', {
    note: `${timedOrders} orders, ${concurrency} at once, in ${Math.round(rate.ms)} ms; each with its own deposit address, through POST /api/links/:id/orders`,
  })

/** The same orders on a Postgres of its own (the app's tracker never runs there). */
async function timeOrdersOnPostgres(
  options: Omit<CrowdBenchAppOptions, 'label'>,
  shirt: Record<string, unknown>,
): Promise<OrderRate> {
  const postgres = await startTestPostgres()
  try {
    const bench = await startCrowdBenchApp({ label: 'orders-pg', ...options, databaseUrl: postgres.url })
    try {
      const { id } = await bench.createLink(shirt)
      return await timeOrders(bench, id)
    } finally {
      await bench.close()
    }
  } finally {
    await postgres.stop()
  }
}

/**
 * `count` more open orders of the link, straight to the tables: copies of its newest order (the
 * order's row and its option), each with a deposit address of its own as the API gives one.
 */
async function addOrderCopies(bench: CrowdBenchApp, linkId: string, count: number): Promise<void> {
  const { db } = bench.database
  // Read whole and picked here: a few hundred rows, and the bench does not import drizzle-orm itself.
  const template = (await db.select().from(links)).find((link) => link.orderOf === linkId)!
  const option = (await db.select().from(linkOptions)).find((row) => row.linkId === template.id)!
  for (let start = 0; start < count; start += 1000) {
    const ids = Array.from({ length: Math.min(1000, count - start) }, () => newId('lnk'))
    await db.insert(links).values(ids.map((id) => ({ ...template, id })))
    await db.insert(linkOptions).values(
      ids.map((id) => {
        const optionId = newId('opt')
        return { ...option, id: optionId, linkId: id, depositAddress: evmDepositAddress(option.recipient, optionId) }
      }),
    )
  }
}
