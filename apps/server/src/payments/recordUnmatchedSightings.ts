import {
  normalizeTransactionId,
  type PaymentChainReader,
  type PaymentSighting,
  type PaymentWatch,
} from '@paylink/chains/server'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { linkOptions, payments } from '../db/schema.js'
import { recordUnmatched } from '../unmatched/recordUnmatched.js'
import {
  isUnmatchedWatchId,
  unmatchedWatchInfo,
  type UnmatchedOption,
  type UnmatchedWatchInfo,
} from './unmatchedWatches.js'

const sinceSlackMs = 60_000

export interface RecordUnmatchedSightingsParameters {
  chain: Pick<PaymentChainReader, 'readEvidence'>
  caipNetworkId: string
  watches: readonly PaymentWatch[]
  sightings: readonly PaymentSighting[]
  now?: Date
}

/**
 * The sightings of unmatched watches (`createUnmatchedWatches`): each transaction is read once
 * (one readEvidence for all), and each transfer it makes to the watched address, once mined and
 * successful, is recorded as unmatched unless a payment holds or submitted it. A transfer from
 * one of the network's deposit addresses (a forwarder sweeping to the merchant) is the merchant's
 * own money moving, never a payment. Returns how many were recorded.
 */
export async function recordUnmatchedSightings(
  db: Db,
  { chain, caipNetworkId, watches, sightings, now = new Date() }: RecordUnmatchedSightingsParameters,
): Promise<number> {
  const byId = new Map(watches.filter((watch) => isUnmatchedWatchId(watch.optionId)).map((w) => [w.optionId, w]))
  const perTransaction = new Map<string, Map<string, { option: UnmatchedOption; info: UnmatchedWatchInfo }>>()
  for (const sighting of sightings) {
    const watch = byId.get(sighting.optionId)
    const info = watch && unmatchedWatchInfo(watch)
    if (!info) continue
    const options = perTransaction.get(sighting.transactionId) ?? new Map()
    for (const option of info.options) options.set(option.id, { option, info })
    perTransaction.set(sighting.transactionId, options)
  }
  if (perTransaction.size === 0) return 0
  // A transaction a link already recorded (submitted, or sighted by an open option) is that link's:
  // not read again here, so a pass over known payments costs no extra request.
  const recordedIds = new Set(
    (
      await db
        .select({ txHash: payments.txHash })
        .from(payments)
        .where(
          and(
            eq(payments.caipNetworkId, caipNetworkId),
            inArray(
              payments.txHash,
              [...perTransaction.keys()].map((id) => normalizeTransactionId(caipNetworkId, id)),
            ),
            ne(payments.status, 'failed'),
          ),
        )
    ).map((row) => row.txHash),
  )
  const transactionIds = [...perTransaction.keys()].filter(
    (id) => !recordedIds.has(normalizeTransactionId(caipNetworkId, id)),
  )
  if (transactionIds.length === 0) return 0
  const { findings } = await chain.readEvidence(
    transactionIds.map((transactionId) => ({
      transactionId,
      options: [...perTransaction.get(transactionId)!.values()].map(({ option }) => option),
    })),
  )
  const transfers = findings.flatMap((finding, i) => {
    const { inclusion, block, match } = finding
    if (!inclusion?.success || !block || block.hash !== inclusion.blockHash || !match?.ok) return []
    const options = perTransaction.get(transactionIds[i]!)!
    const minedAt = new Date(Number(block.timestamp * 1000n))
    return match.credits.flatMap((credit) => {
      const { option, info } = options.get(credit.optionId)!
      // A block's time is in whole seconds and a chain's clock drifts: a minute's slack.
      if (block.timestamp > 0n && minedAt.getTime() < info.since.getTime() - sinceSlackMs) return []
      return [{ credit, option, info, transactionId: transactionIds[i]!, blockNumber: inclusion.blockNumber, minedAt }]
    })
  })
  if (transfers.length === 0) return 0
  const senders = [...new Set(transfers.map((transfer) => transfer.credit.payer.toLowerCase()))]
  const deposits = new Set(
    (
      await db
        .select({ address: linkOptions.depositAddress })
        .from(linkOptions)
        .where(and(eq(linkOptions.caipNetworkId, caipNetworkId), inArray(linkOptions.depositAddress, senders)))
    ).map((row) => row.address!.toLowerCase()),
  )
  // One transfer seen both at a closed link's reference and at the merchant's account: named by the link.
  transfers.sort((a, b) => Number(b.info.reason === 'link_closed') - Number(a.info.reason === 'link_closed'))
  let recorded = 0
  for (const { credit, option, info, transactionId, blockNumber, minedAt } of transfers) {
    if (deposits.has(credit.payer.toLowerCase())) continue
    const id = await recordUnmatched(
      db,
      {
        merchant: info.merchant,
        caipNetworkId,
        assetId: option.assetId,
        tokenAddress: option.tokenAddress,
        symbol: option.symbol,
        decimals: option.decimals,
        amount: credit.amount,
        txHash: normalizeTransactionId(caipNetworkId, transactionId),
        logIndex: credit.logIndex,
        sender: credit.payer,
        address: info.address,
        reason: info.reason,
        sourceLinkId: info.sourceLinkId,
        blockNumber,
        minedAt,
      },
      now,
    )
    if (id) recorded++
  }
  return recorded
}
