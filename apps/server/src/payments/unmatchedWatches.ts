import { parseCaipAssetId, parseCaipNetworkId, type Asset } from '@paylink/shared'
import { chainFamilies, type ExpectedOption, type PaymentWatch } from '@paylink/chains/server'
import { chainCoreOf } from '@paylink/chains/core'
import { chainFacts } from '@paylink/chains/facts'
import { findAssociatedTokenAddress } from '@paylink/chains/solana/server'
import { and, eq, gt, inArray, min, or } from 'drizzle-orm'
import type { Db } from '../db/openDatabase.js'
import { derivationCounters, linkOptions, links } from '../db/schema.js'
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

/** A configured asset, as the server's config lists it. */
export type ConfiguredAsset = Pick<Asset, 'assetId' | 'symbol' | 'decimals' | 'native'>

/** An asset a transfer to a watched address may carry, with its token as options store it. */
interface WatchedAsset {
  assetId: string
  symbol: string
  decimals: number
  tokenAddress: string | null
}

/** How many of a watch-only key's receive addresses after the last given to a link are watched (a wallet's gap limit, BIP44). */
export const keyGapWindow = 20

const infos = new WeakMap<PaymentWatch, UnmatchedWatchInfo>()

/** The watch's meaning when it is one of ours (ids start with `unm:`), else undefined. */
export function unmatchedWatchInfo(watch: PaymentWatch): UnmatchedWatchInfo | undefined {
  return infos.get(watch)
}

export const isUnmatchedWatchId = (optionId: string) => optionId.startsWith('unm:')

/**
 * Watches that make the chain readers report what no open option counts: each merchant's
 * receiving addresses (the recipients of its links on the network, open or not, for every asset
 * configured on it; on Bitcoin the next addresses of its watch-only keys, see `keyWindows`), and the options
 * of links closed in the last week (paid, expired past their late window, deactivated). They go
 * to the readers as ordinary watches (a deposit address, or on Solana the receiving account as
 * the "reference" so every transaction touching it is sighted) before the open ones, so an open
 * option's own watch wins where both name one address. Read again every 30 s, and at once when an
 * open option leaves (its link closed) or a new receiving address appears: not on every pass.
 */
export function createUnmatchedWatches(db: Db, caipNetworkId: string, networkAssets: readonly ConfiguredAsset[] = []) {
  const namespace = parseCaipNetworkId(caipNetworkId).namespace
  const core = chainCoreOf(caipNetworkId)
  const isAddress = (recipient: string) => core?.addressSchema.safeParse(recipient).success ?? false
  let loadedAt = -Infinity
  let base: readonly PaymentWatch[] | null = null
  let synthetic: PaymentWatch[] = []
  let combined: readonly PaymentWatch[] = []

  const receivingKeys = chainFamilies.get(namespace)?.receivingKeys
  const configured: WatchedAsset[] = networkAssets
    .filter((asset) => asset.assetId.startsWith(`${caipNetworkId}/`))
    .map(({ assetId, symbol, decimals, native }) => {
      const reference = parseCaipAssetId(assetId).assetReference
      // As a link's option stores it (an EVM contract in lower case, a Solana mint as is).
      return { assetId, symbol, decimals, tokenAddress: native ? null : (core?.addressKey(reference) ?? reference) }
    })
  const derived = new Map<string, string | null>()
  /**
   * The merchant's "main address" on a family of watch-only keys (Bitcoin): the key's next
   * `keyGapWindow` receive addresses no link was given yet (`<key>/0/<next>` onwards), where a
   * wallet holding the key offers its next address. The addresses links were given are their
   * options' (watched while open and a week after); older ones are not watched.
   */
  const keyWindows = async (
    keys: Array<{ merchant: string; key: string; since: Date; assets: WatchedAsset[] }>,
  ): Promise<Array<{ merchant: string; since: Date; assets: WatchedAsset[]; address: string }>> => {
    if (!receivingKeys || keys.length === 0) return []
    const parsed = keys.flatMap((entry) => {
      try {
        return [{ ...entry, rules: receivingKeys.read(entry.key) }]
      } catch {
        return [] // a key stored before a rule changed: its links keep their addresses, nothing more is watched
      }
    })
    if (parsed.length === 0) return []
    const counters = new Map(
      (
        await db
          .select()
          .from(derivationCounters)
          .where(inArray(derivationCounters.key, [...new Set(parsed.map((entry) => entry.rules.counterKey))]))
      ).map((row) => [row.key, row.nextIndex]),
    )
    if (derived.size > 10_000) derived.clear()
    return parsed.flatMap(({ merchant, key, since, assets, rules }) => {
      const next = counters.get(rules.counterKey) ?? 0
      return Array.from({ length: keyGapWindow }, (_, i) => {
        const id = `${key}\n${next + i}`
        if (!derived.has(id)) derived.set(id, rules.addressesAt(next + i, [caipNetworkId])[0]?.address ?? null)
        return derived.get(id)!
      }).flatMap((address) => (address ? [{ merchant, since, assets, address }] : []))
    })
  }

  const read = async (open: readonly PaymentWatch[], now: Date) => {
    const openIds = new Set(open.map((watch) => watch.optionId))
    const watches: PaymentWatch[] = []
    const assets: Array<WatchedAsset & { merchant: string; recipient: string; since: Date | null }> = await db
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
    const infoAt = (merchant: string, address: string, since: Date) => {
      const key = `${merchant}\n${address}`
      let info = byAddress.get(key)
      if (!info) {
        info = { merchant, address, reason: 'no_link', sourceLinkId: null, since, options: [] }
        byAddress.set(key, info)
      }
      if (since < info.since) info.since = since
      return info
    }
    const addAsset = (info: UnmatchedWatchInfo, asset: WatchedAsset) => {
      if (info.options.some((option) => option.tokenAddress === asset.tokenAddress)) return
      const { tokenAddress, assetId, symbol, decimals } = asset
      info.options.push({
        id: '',
        tokenAddress,
        recipient: info.address,
        depositAddress: null,
        reference: null,
        assetId,
        symbol,
        decimals,
      })
    }
    const keys = new Map<string, { merchant: string; key: string; since: Date; assets: WatchedAsset[] }>()
    for (const asset of assets) {
      const since = asset.since ?? now
      if (isAddress(asset.recipient)) {
        addAsset(infoAt(asset.merchant, asset.recipient, since), asset)
        continue
      }
      // A watch-only key (Bitcoin's wpkh(tpub…)) is no address to watch: its addresses are, below.
      if (!receivingKeys) continue
      const id = `${asset.merchant}\n${asset.recipient}`
      const known = keys.get(id) ?? { merchant: asset.merchant, key: asset.recipient, since, assets: [] }
      if (since < known.since) known.since = since
      known.assets.push(asset)
      keys.set(id, known)
    }
    for (const { merchant, since, assets: keyAssets, address } of await keyWindows([...keys.values()])) {
      const info = infoAt(merchant, address, since)
      for (const asset of keyAssets) addAsset(info, asset)
    }
    // Every asset configured on the network, not only those a link used: a token sent to the
    // merchant's address (a Solana mint's token account of it) reaches the merchant all the same.
    for (const info of byAddress.values()) for (const asset of configured) addAsset(info, asset)
    let n = 0
    for (const info of byAddress.values()) {
      info.options = info.options.map((option, i) => ({ ...option, id: `unm:a:${n}:${i}` }))
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
        minedOnly: true,
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
    // Only a mined transfer is recorded: no mempool read is spent on it.
    minedOnly: true,
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
export function withUnmatchedWatches(
  cache: WatchCache,
  db: Db,
  caipNetworkId: string,
  assets: readonly ConfiguredAsset[] = [],
): WatchCache {
  const unmatched = createUnmatchedWatches(db, caipNetworkId, assets)
  return { load: async (now = new Date()) => unmatched.load(await cache.load(now), now) }
}
