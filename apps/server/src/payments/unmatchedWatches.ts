import { parseCaipNetworkId } from '@paylink/shared'
import type { ExpectedOption, PaymentWatch } from '@paylink/chains/server'
import { chainCoreOf } from '@paylink/chains/core'
import { chainFacts } from '@paylink/chains/facts'
import { findAssociatedTokenAddress } from '@paylink/chains/solana/server'
import { and, eq, gt, min, or } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { linkOptions, links } from '../db/schema.js'
import { maxLateWatchMs, watchableOn, watchColumns } from './loadWatches.js'
import type { UnmatchedReason } from '@paylink/shared'
import type { WatchCache } from './createWatchCache.js'

/** A closed link's option stays watched this long for payments it can no longer count. */
export const closedWatchMs = 7 * 24 * 3600_000
/** The unmatched watches are read again this often, and at once when a link closes or a new receiving address appears. */
const refreshMs = 30_000

export interface UnmatchedOption extends ExpectedOption {
  assetId: string
  symbol: string
  decimals: number
}

/** What a synthetic watch stands for: whose address, and which assets a transfer to it may carry. */
export interface UnmatchedWatchInfo {
  merchant: string
  address: string
  reason: UnmatchedReason
  sourceLinkId: string | null
  /** Transfers mined before the address was first used on a link are not the merchant's customers' (a faucet's, say). */
  since: Date
  options: UnmatchedOption[]
}

const infos = new WeakMap<PaymentWatch, UnmatchedWatchInfo>()

/** The watch's meaning when it is one of ours (ids start with `unm:`), else undefined. */
export function unmatchedWatchInfo(watch: PaymentWatch): UnmatchedWatchInfo | undefined {
  return infos.get(watch)
}

export const isUnmatchedWatchId = (optionId: string) => optionId.startsWith('unm:')

/**
 * Watches that make the chain readers report what no open option counts: each merchant's
 * receiving addresses (the recipients of its links on the network, open or not), and the options
 * of links closed in the last week (paid, expired past their late window, deactivated). They go
 * to the readers as ordinary watches (a deposit address, or on Solana the receiving account as
 * the "reference" so every transaction touching it is sighted) before the open ones, so an open
 * option's own watch wins where both name one address. Read again every 30 s, and at once when an
 * open option leaves (its link closed) or a new receiving address appears: not on every pass.
 */
export function createUnmatchedWatches(db: Db, caipNetworkId: string) {
  const namespace = parseCaipNetworkId(caipNetworkId).namespace
  const core = chainCoreOf(caipNetworkId)
  const isAddress = (recipient: string) => core?.addressSchema.safeParse(recipient).success ?? false
  let loadedAt = -Infinity
  let base: readonly PaymentWatch[] | null = null
  let synthetic: PaymentWatch[] = []
  let combined: readonly PaymentWatch[] = []

  const read = async (open: readonly PaymentWatch[], now: Date) => {
    const openIds = new Set(open.map((watch) => watch.optionId))
    const watches: PaymentWatch[] = []
    const assets = await db
      .select({
        merchant: links.merchant,
        recipient: linkOptions.recipient,
        tokenAddress: linkOptions.tokenAddress,
        assetId: linkOptions.assetId,
        symbol: linkOptions.symbol,
        decimals: linkOptions.decimals,
        since: min(links.createdAt),
      })
      .from(linkOptions)
      .innerJoin(links, eq(links.id, linkOptions.linkId))
      .where(eq(linkOptions.caipNetworkId, caipNetworkId))
      .groupBy(
        links.merchant,
        linkOptions.recipient,
        linkOptions.tokenAddress,
        linkOptions.assetId,
        linkOptions.symbol,
        linkOptions.decimals,
      )
    const byAddress = new Map<string, UnmatchedWatchInfo>()
    for (const asset of assets) {
      // A watch-only key (Bitcoin's wpkh(tpub…)) is no address to watch: its options' derived ones are.
      if (!isAddress(asset.recipient)) continue
      const key = `${asset.merchant}\n${asset.recipient}`
      const since = asset.since ?? now
      let info = byAddress.get(key)
      if (!info) {
        info = {
          merchant: asset.merchant,
          address: asset.recipient,
          reason: 'no_link',
          sourceLinkId: null,
          since,
          options: [],
        }
        byAddress.set(key, info)
      }
      if (since < info.since) info.since = since
      if (info.options.some((option) => option.tokenAddress === asset.tokenAddress)) continue
      info.options.push({
        id: `unm:a:${byAddress.size}:${info.options.length}`,
        tokenAddress: asset.tokenAddress,
        recipient: asset.recipient,
        depositAddress: null,
        reference: null,
        assetId: asset.assetId,
        symbol: asset.symbol,
        decimals: asset.decimals,
      })
    }
    let n = 0
    for (const info of byAddress.values()) {
      for (const watch of addressWatches(namespace, info, n++)) {
        infos.set(watch, info)
        watches.push(watch)
      }
    }

    const weekAgo = new Date(now.getTime() - closedWatchMs)
    const closed = await db
      .select({
        ...watchColumns,
        merchant: links.merchant,
        assetId: linkOptions.assetId,
        symbol: linkOptions.symbol,
        decimals: linkOptions.decimals,
      })
      .from(linkOptions)
      .innerJoin(links, eq(links.id, linkOptions.linkId))
      .where(
        and(
          watchableOn(caipNetworkId),
          or(
            gt(links.paidAt, weekAgo),
            gt(links.deactivatedAt, weekAgo),
            and(eq(links.status, 'expired'), gt(links.expiresAt, new Date(weekAgo.getTime() - maxLateWatchMs))),
          ),
        ),
      )
    for (const option of closed) {
      if (openIds.has(option.optionId)) continue
      const id = `unm:o:${option.optionId}`
      const watch: PaymentWatch = {
        optionId: id,
        linkId: '',
        tokenAddress: option.tokenAddress,
        recipient: option.recipient,
        depositAddress: option.depositAddress,
        reference: option.reference,
      }
      infos.set(watch, {
        merchant: option.merchant,
        address: option.depositAddress ?? option.recipient,
        reason: 'link_closed',
        sourceLinkId: option.linkId,
        // The option's own address or reference: whatever reaches it is a customer's, whenever mined.
        since: new Date(0),
        options: [{ ...option, id, reference: null }],
      })
      watches.push(watch)
    }
    return watches
  }

  let known = new Set<string>()
  /** A new receiving address, or an option no longer open (its link closed): read again now. */
  const stale = (open: readonly PaymentWatch[]) =>
    open.some((watch) => !known.has(watch.recipient)) || (base !== null && !sameIds(base, open))

  return {
    /** The open watches with the unmatched ones before them: the same array while neither changed. */
    async load(open: readonly PaymentWatch[], now = new Date()): Promise<readonly PaymentWatch[]> {
      if (now.getTime() - loadedAt >= refreshMs || (open !== base && stale(open))) {
        synthetic = await read(open, now)
        loadedAt = now.getTime()
        known = new Set([...open.map((watch) => watch.recipient), ...synthetic.map((watch) => watch.recipient)])
        combined = [...synthetic, ...open]
      } else if (open !== base) combined = [...synthetic, ...open]
      base = open
      return combined
    },
  }
}

function sameIds(a: readonly PaymentWatch[], b: readonly PaymentWatch[]): boolean {
  const ids = new Set(b.map((watch) => watch.optionId))
  return a.every((watch) => ids.has(watch.optionId))
}

/** How a reader of the namespace is told to report every transfer to the address. */
function addressWatches(namespace: string, info: UnmatchedWatchInfo, n: number): PaymentWatch[] {
  const watch = (tokenAddress: string | null, depositAddress: string | null, reference: string | null, i: number) => ({
    optionId: `unm:a:${n}:${i}`,
    linkId: '',
    tokenAddress,
    recipient: info.address,
    depositAddress,
    reference,
  })
  if (namespace === chainFacts.solana.namespace) {
    // The reader polls the receiving account (the owner, or its token account of the mint) and
    // sights every transaction naming the "reference": the account itself.
    return info.options.flatMap((option, i) => {
      try {
        const account =
          option.tokenAddress === null ? info.address : findAssociatedTokenAddress(info.address, option.tokenAddress)
        return [watch(option.tokenAddress, null, account, i)]
      } catch {
        return []
      }
    })
  }
  // EVM and Bitcoin readers sight native value and token transfers to a "deposit address".
  return [watch(null, info.address, null, 0)]
}

/** The tracker's watch cache with the unmatched watches added before the open ones. */
export function withUnmatchedWatches(cache: WatchCache, db: Db, caipNetworkId: string): WatchCache {
  const unmatched = createUnmatchedWatches(db, caipNetworkId)
  return { load: async (now = new Date()) => unmatched.load(await cache.load(now), now) }
}
