import { type ChainCursor, type PaymentChainReader, ChainReadError, chainFamilyOf } from '@paylink/chains/server'
import type { Db } from '../db/openDatabase.js'
import { expireLinks } from '../links/expireLinks.js'
import { createWakeableSleep } from '../workers/createWakeableSleep.js'
import { defaultPaymentProcessingSettings, type PaymentProcessingSettings } from './paymentProcessingSettings.js'
import type { PaymentAction } from './paymentAction.js'
import type { ChainPaymentPass } from './paymentPass.js'
import { processPayments } from './processPayments.js'
import { createChainGuard, type ChainGuard } from './createChainGuard.js'
import { createWatchCache, type WatchCache } from './createWatchCache.js'
import { withUnmatchedWatches, type ConfiguredAsset } from './unmatchedWatches.js'
import { readRecordedHeight } from './readRecordedHeight.js'
import { recheckAllPending } from './recheckAllPending.js'
import { scanNewBlocks } from './scanNewBlocks.js'
import { readScannedHeight, resumeHeight, saveScannedHeight } from './scanProgress.js'
import { sightPendingPayments } from './sightPendingPayments.js'

export interface TrackedNetwork {
  caipNetworkId: string
  /** The RPC the server itself reads (for the devnet: anvil directly, not the browser proxy). */
  rpcUrl: string
  /** Every endpoint the server reads, in order of preference (the reader moves on when one fails); absent: `rpcUrl` alone. */
  rpcUrls?: readonly string[]
  /** This network's head is polled this often (default: the tracker's `pollIntervalMs`). */
  pollIntervalMs?: number
  /** Confirmations a payment found by the tracker itself (no submission) must reach (default 1). */
  confirmations?: number
  /** The assets configured on it: each is watched at the merchants' receiving addresses (unmatched payments). */
  assets?: readonly ConfiguredAsset[]
}

export interface PaymentTrackerOptions {
  db: Db
  /** Networks of a family that cannot follow payments (no `connect`) are left out. */
  networks: readonly TrackedNetwork[]
  settings?: Partial<PaymentProcessingSettings>
  /** How often each network's head is polled unless the network says otherwise (default 1000 ms); also the expiry sweep's interval. */
  pollIntervalMs?: number
  /** Without a new block, payments due for their periodic re-check are still looked for this often. Default 5000 ms. */
  idleRecheckMs?: number
  rpcTimeoutMs?: number
  /** A network none of whose passes succeeded for this long is `down` in /api/health (default 30 s). */
  downAfterMs?: number
  onLinkChanged?: (linkId: string) => void
  /** Told of each payment a pass changed (credit, confirm, revert, fail), for the operator's log. */
  onPaymentAction?: (action: PaymentAction) => void
  onError?: (error: unknown, caipNetworkId: string | null) => void
  /** Told once when a network halts (its chain is not the recorded one), with the sentence `status` gives. */
  onHalt?: (caipNetworkId: string, reason: string) => void
  /** Told once per switch of a network's endpoint in use (origins only: a provider's key stays out). */
  onEndpointSwitch?: (caipNetworkId: string, from: string, to: string, reason: string) => void
}

/** Whether the tracker follows a network, and if it stopped, why (a sentence for operators). */
export type NetworkStatus = { halted: false } | { halted: true; reason: string }

/**
 * How well the tracker follows a network, for /api/health: `ok` while its passes succeed;
 * `degraded` when the last pass failed (the RPC erred, timed out, limited) but one succeeded
 * within `downAfterMs`; `down` when none has for that long, or the network halted.
 */
export interface NetworkHealth {
  state: 'ok' | 'degraded' | 'down'
  /** The endpoint read (its origin only: a provider's key in the path stays out of the answer). */
  endpoint: string
  lastError: { message: string; at: Date } | null
  /** Blocks between the head last read and the last block scanned (null before the first pass). */
  lagBlocks: bigint | null
  /** When `state` last changed. */
  since: Date
}

export interface PaymentTracker {
  readonly settings: PaymentProcessingSettings
  start(): void
  /** Stops polling and waits for the pass in flight. Safe to call twice. */
  stop(): Promise<void>
  readonly running: boolean
  /** Look at the network's payments now rather than at the next poll. */
  poke(caipNetworkId: string): void
  /** Processes one freshly submitted payment right away (the POST answers with its state). */
  processSubmitted(caipNetworkId: string, paymentId: string): Promise<void>
  /** One full pass over every network and the expiry sweep: how tests drive it step by step. */
  runOnce(): Promise<void>
  /** HTTP requests sent to a network's RPC so far (a JSON-RPC batch counts once). */
  rpcRequests(caipNetworkId: string): number
  /** Halted networks say why; a network not tracked (or not halted) says `{ halted: false }`. */
  status(caipNetworkId: string): NetworkStatus
  /** null for a network not tracked, or before its first pass ended. */
  health(caipNetworkId: string): NetworkHealth | null
}

interface NetworkState {
  network: TrackedNetwork
  chain: PaymentChainReader
  requests: number
  /** null until this process's first pass, which re-checks every pending payment (a restart). */
  cursor: ChainCursor | null
  retryIds: string[]
  lastPass: number
  poked: boolean
  /** The network's watched options, kept between passes (read again only where links changed). */
  watches: WatchCache
  /** Whether the endpoint still serves the recorded chain; halts the network when not. */
  guard: ChainGuard
  /** The highest block the database's detected payments sit in, read at the first pass. */
  recordedHeight: bigint | null
  /** Passes of one network run one at a time (the loop, runOnce and pokes may overlap). */
  tail: Promise<void>
  pause: ReturnType<typeof createWakeableSleep>
  /** The head the last pass read. */
  head: bigint | null
  /** The first head read since start (null until one answered). */
  firstHead: bigint | null
  lastOkAt: number | null
  lastError: { message: string; at: Date } | null
  health: { state: NetworkHealth['state']; since: Date }
}

/**
 * The background worker that moves payments through pending -> confirming -> confirmed (or
 * failed / reverted), on every network whose chain family can follow payments. It knows no
 * chain by name: per network it asks the family's reader for the head, the new blocks'
 * transaction ids (`scanNewBlocks`: a fixed handful of RPC requests whatever the number of
 * payments) and the findings about its payments' transactions, and applies the payment rules
 * to them. All state that matters is in the database, so a restarted (or second) tracker
 * picks up where another left; claims (leases) keep two trackers off the same payment.
 *
 * Before it trusts a chain it checks the chain's identity against the one recorded on first
 * use; another chain under the same id (a reset devnet, an RPC URL pointing elsewhere), a
 * head fallen further than the reorg limit below what was seen, or a block replaced deeper
 * than that limit halts the network: no payment changes and no webhook goes out for it.
 */
export function createPaymentTracker(options: PaymentTrackerOptions): PaymentTracker {
  const settings = { ...defaultPaymentProcessingSettings, ...options.settings }
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const idleRecheckMs = options.idleRecheckMs ?? 5000
  const states = new Map<string, NetworkState>()
  for (const network of options.networks) {
    const family = chainFamilyOf(network.caipNetworkId)
    if (!family?.connect) continue
    const state: NetworkState = {
      network,
      chain: null as never,
      requests: 0,
      cursor: null,
      retryIds: [],
      lastPass: 0,
      poked: true,
      guard: null as never,
      watches: withUnmatchedWatches(
        createWatchCache(options.db, network.caipNetworkId),
        options.db,
        network.caipNetworkId,
        network.assets,
      ),
      recordedHeight: null,
      tail: Promise.resolve(),
      pause: createWakeableSleep(),
      head: null,
      firstHead: null,
      lastOkAt: null,
      lastError: null,
      health: { state: 'ok', since: new Date() },
    }
    const connected = family.connect(network, {
      timeoutMs: options.rpcTimeoutMs ?? 5000,
      onHttpRequest: () => state.requests++,
      onEndpointSwitch: (from, to, reason) =>
        options.onEndpointSwitch?.(network.caipNetworkId, originOf(from), originOf(to), reason),
    })
    state.chain = {
      ...connected,
      // A payment's confirmations count from the highest head read: a node behind the others
      // (a load balancer's) answering the evidence's head left a payment in the tip's block
      // confirming 0/1 until the next block, ten minutes on Bitcoin.
      async readEvidence(expectations, knownBlocks) {
        const evidence = await connected.readEvidence(expectations, knownBlocks)
        state.head = maxOf(state.head, evidence.head)
        return { ...evidence, head: state.head! }
      },
    }
    state.guard = createChainGuard({
      db: options.db,
      caipNetworkId: network.caipNetworkId,
      chain: state.chain,
      ...(options.onHalt ? { onHalt: options.onHalt } : {}),
    })
    states.set(network.caipNetworkId, state)
  }
  const report = (error: unknown, caipNetworkId: string | null) => options.onError?.(error, caipNetworkId)
  const changed = {
    ...(options.onLinkChanged ? { onLinkChanged: options.onLinkChanged } : {}),
    ...(options.onPaymentAction ? { onPaymentAction: options.onPaymentAction } : {}),
  }

  let running = false
  let loops: Promise<void>[] = []
  const expiryPause = createWakeableSleep()

  const passNetwork = async (state: NetworkState, force: boolean) => {
    const { caipNetworkId } = state.network
    const common: ChainPaymentPass = { db: options.db, chain: state.chain, caipNetworkId, settings, ...changed }
    const { guard } = state
    const firstUse = guard.checkedAt === 0
    const identityDue = firstUse || Date.now() - guard.checkedAt >= settings.identityCheckMs
    // Both in one batch: checking the identity with the head costs no extra request.
    const [head, identity] = await Promise.all([
      // The first head read is where a fresh install's scan starts, even if the rest of that pass
      // fails: a payment mined while every first pass failed would lie below a later start.
      state.chain.readHead().then((read) => {
        state.firstHead ??= read
        return read
      }),
      identityDue ? state.chain.readIdentity() : null,
    ])
    // A head never moves backwards: a node behind the others (a load balancer's) is not followed.
    state.head = maxOf(state.head, head)
    if (identity !== null) await guard.check(identity)
    if (firstUse) state.recordedHeight = await readRecordedHeight(options.db, caipNetworkId)

    const seen = maxOf(state.recordedHeight, state.cursor?.number ?? null)
    if (seen !== null && head < seen) {
      // Far behind: a lagging node, not a reorg and not a reason to halt. The pass fails so health
      // says so and the next pass asks again; a chain really replaced under the recorded blocks is
      // found by its block hashes once the head passes them again (scanNewBlocks halts then).
      if (seen - head > BigInt(settings.reorgDepthLimit)) {
        throw new ChainReadError(
          `${caipNetworkId}'s head is block ${head}, ${seen - head} blocks below block ${seen} already seen: a node behind the others, ignored until it catches up.`,
        )
      }
      // A node behind the others, or a reorg under way: nothing is decided until it catches up.
      if (identity === null) await guard.confirm()
      return
    }

    const newBlock = state.cursor === null || head !== state.cursor.number
    const due = force || state.poked || newBlock || Date.now() - state.lastPass >= idleRecheckMs
    state.poked = false
    if (!due) return
    state.lastPass = Date.now()
    if (state.cursor === null) {
      // Blocks mined while no tracker of this process ran were never scanned by it: read every
      // pending payment's own transaction once, then scan on from the last block any tracker
      // scanned (bounded), where payments nobody submitted may wait to be found.
      await recheckAllPending(common)
      state.cursor = {
        number: resumeHeight(
          state.firstHead ?? head,
          await readScannedHeight(options.db, caipNetworkId),
          settings.catchUpBlocks,
        ),
        hashes: new Map(),
      }
    }
    if (force || newBlock) {
      const scan = await scanNewBlocks({
        ...common,
        head,
        cursor: state.cursor,
        retryIds: state.retryIds,
        requiredConfirmations: state.network.confirmations ?? 1,
        loadWatches: state.watches.load,
        ...(identity === null ? { confirmIdentity: guard.confirm } : {}),
      })
      if (scan.cursor.number > state.cursor.number)
        await saveScannedHeight(options.db, caipNetworkId, scan.cursor.number)
      state.cursor = scan.cursor
      state.retryIds = scan.retryIds
    }
    // A family that sees unmined payments (a mempool) is asked between blocks, and after a new
    // block's payments are decided rather than before (a block's "paid" waits for no mempool read).
    // (A forced pass without a new block has had the family's mempool read in its scan already.)
    if (!force || newBlock) {
      await sightPendingPayments({
        ...common,
        requiredConfirmations: state.network.confirmations ?? 1,
        loadWatches: state.watches.load,
      })
    }
    // The periodic re-check, at most one batch per pass so a pass's cost stays bounded.
    await processPayments({ ...common, selection: { kind: 'due' } })
  }

  const downAfterMs = options.downAfterMs ?? 30_000
  const setHealth = (state: NetworkState, next: NetworkHealth['state']) => {
    if (state.health.state !== next) state.health = { state: next, since: new Date() }
  }
  const pass = (state: NetworkState, force: boolean) => {
    const run = state.tail.then(() => state.guard.run(() => passNetwork(state, force)))
    state.tail = run.then(
      () => {
        state.lastOkAt = Date.now()
        setHealth(state, 'ok')
      },
      (error: unknown) => {
        const message = withOrigins(
          error instanceof Error ? error.message.split('\n')[0]! : String(error),
          state.network,
        )
        state.lastError = { message, at: new Date() }
        const since = state.lastOkAt ?? state.health.since.getTime()
        setHealth(state, Date.now() - since >= downAfterMs ? 'down' : 'degraded')
      },
    )
    return run
  }

  const sweepExpired = async () => {
    const expired = await expireLinks(options.db)
    for (const linkId of expired) options.onLinkChanged?.(linkId)
  }

  const networkLoop = async (state: NetworkState) => {
    const interval = state.network.pollIntervalMs ?? pollIntervalMs
    while (running && state.guard.haltReason === null) {
      await pass(state, false).catch((error) => report(error, state.network.caipNetworkId))
      if (!running) break
      await state.pause.sleep(interval)
    }
  }

  const expiryLoop = async () => {
    while (running) {
      await sweepExpired().catch((error) => report(error, null))
      if (!running) break
      await expiryPause.sleep(pollIntervalMs)
    }
  }

  return {
    settings,
    get running() {
      return running
    },
    start() {
      if (running) return
      running = true
      loops = [...[...states.values()].map(networkLoop), expiryLoop()]
    },
    async stop() {
      running = false
      expiryPause.wake()
      for (const state of states.values()) state.pause.wake()
      await Promise.all(loops)
      loops = []
    },
    poke(caipNetworkId) {
      const state = states.get(caipNetworkId)
      if (!state) return
      state.poked = true
      state.pause.wake()
    },
    async processSubmitted(caipNetworkId, paymentId) {
      const state = states.get(caipNetworkId)
      if (!state) return
      await state.guard.run(async () => {
        // A chain not yet compared with the recorded one is not trusted with a payment.
        if (state.guard.checkedAt === 0) await state.guard.confirm()
        // Reads this payment's transaction directly: it may sit in a block scanned long ago.
        await processPayments({
          db: options.db,
          chain: state.chain,
          caipNetworkId,
          settings,
          selection: { kind: 'ids', ids: [paymentId] },
          ...changed,
        })
      })
    },
    async runOnce() {
      for (const state of states.values()) await pass(state, true)
      await sweepExpired()
    },
    rpcRequests(caipNetworkId) {
      return states.get(caipNetworkId)?.requests ?? 0
    },
    status(caipNetworkId) {
      const reason = states.get(caipNetworkId)?.guard.haltReason ?? null
      return reason === null ? { halted: false } : { halted: true, reason }
    },
    health(caipNetworkId) {
      const state = states.get(caipNetworkId)
      // Nothing to say before the first pass ended (a tracker built but not started, in tests).
      if (!state || (state.lastOkAt === null && state.lastError === null && state.guard.haltReason === null))
        return null
      const halted = state.guard.haltReason !== null
      if (halted) setHealth(state, 'down')
      // A pass stuck in a timeout has not failed yet, but nothing has been read for that long either.
      else if (running && state.lastOkAt !== null && Date.now() - state.lastOkAt >= downAfterMs)
        setHealth(state, 'down')
      const cursor = state.cursor?.number ?? null
      return {
        state: state.health.state,
        endpoint: originOf(state.chain.endpointInUse?.() ?? state.network.rpcUrl),
        lastError: halted ? { message: state.guard.haltReason!, at: state.health.since } : state.lastError,
        lagBlocks: state.head !== null && cursor !== null ? (state.head > cursor ? state.head - cursor : 0n) : null,
        since: state.health.since,
      }
    },
  }
}

function maxOf(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b
  if (b === null) return a
  return a > b ? a : b
}

/**
 * The network's endpoint URLs in an error's message cut to their origins: readers name the URL
 * that failed, and the message goes to /api/health, which anyone may read.
 */
function withOrigins(message: string, network: Pick<TrackedNetwork, 'rpcUrl' | 'rpcUrls'>): string {
  const urls = [...new Set([network.rpcUrl, ...(network.rpcUrls ?? [])])].sort((a, b) => b.length - a.length)
  return urls.reduce((text, url) => text.split(url).join(originOf(url)), message)
}

/** A URL's origin: a provider's key in its path or query stays out of logs and /api/health. */
function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}
