import type { PublicClient } from 'viem'
import { createEvmRpcClient } from '../chains/createEvmRpcClient.js'
import type { Db } from '../db/openDatabase.js'
import { expireLinks } from '../links/expireLinks.js'
import { and, asc, eq, gt } from 'drizzle-orm'
import { payments } from '../db/schema.js'
import { defaultPaymentProcessingSettings, processPayments, type PaymentProcessingSettings } from './processPayments.js'
import { scanNewBlocks, type BlockCursor } from './scanNewBlocks.js'
import { createWakeableSleep } from '../workers/createWakeableSleep.js'

export interface TrackedNetwork {
  caipNetworkId: string
  /** The RPC the server itself reads (for the devnet: anvil directly, not the browser proxy). */
  rpcUrl: string
  /** This network's head is polled this often (default: the tracker's `pollIntervalMs`). */
  pollIntervalMs?: number
}

export interface PaymentTrackerOptions {
  db: Db
  networks: readonly TrackedNetwork[]
  settings?: Partial<PaymentProcessingSettings>
  /** How often each network's head is polled unless the network says otherwise (default 1000 ms); also the expiry sweep's interval. */
  pollIntervalMs?: number
  /** Without a new block, payments due for their periodic re-check are still looked for this often. Default 5000 ms. */
  idleRecheckMs?: number
  rpcTimeoutMs?: number
  onLinkChanged?: (linkId: string) => void
  onError?: (error: unknown, caipNetworkId: string | null) => void
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
}

interface NetworkState {
  network: TrackedNetwork
  client: PublicClient
  requests: number
  /** null until this process's first pass, which re-checks every pending payment (a restart). */
  cursor: BlockCursor | null
  retryIds: string[]
  lastPass: number
  poked: boolean
  /** Passes of one network run one at a time (the loop, runOnce and pokes may overlap). */
  tail: Promise<void>
  pause: ReturnType<typeof createWakeableSleep>
}

/**
 * The background worker that moves payments through pending -> confirming -> confirmed (or
 * failed / reverted). Per network and new block it scans the block's transaction hashes
 * against the pending payments (`scanNewBlocks`): a fixed handful of RPC requests whatever the
 * number of payments. All state that matters is in the database, so a restarted (or second)
 * tracker picks up where another left; claims (leases) keep two trackers off the same payment.
 */
export function createPaymentTracker(options: PaymentTrackerOptions): PaymentTracker {
  const settings = { ...defaultPaymentProcessingSettings, ...options.settings }
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const idleRecheckMs = options.idleRecheckMs ?? 5000
  const states = new Map<string, NetworkState>()
  for (const network of options.networks) {
    const state: NetworkState = {
      network,
      client: null as never,
      requests: 0,
      cursor: null,
      retryIds: [],
      lastPass: 0,
      poked: true,
      tail: Promise.resolve(),
      pause: createWakeableSleep(),
    }
    state.client = createEvmRpcClient({ rpcUrl: network.rpcUrl, timeoutMs: options.rpcTimeoutMs ?? 5000, onHttpRequest: () => state.requests++ })
    states.set(network.caipNetworkId, state)
  }
  const report = (error: unknown, caipNetworkId: string | null) => options.onError?.(error, caipNetworkId)
  const changed = options.onLinkChanged ? { onLinkChanged: options.onLinkChanged } : {}

  let running = false
  let loops: Promise<void>[] = []
  const expiryPause = createWakeableSleep()

  const passNetwork = async (state: NetworkState, force: boolean) => {
    const { caipNetworkId } = state.network
    const common = { db: options.db, client: state.client, caipNetworkId, settings, ...changed }
    const head = BigInt((await state.client.request({ method: 'eth_blockNumber' })) as string)
    const newBlock = state.cursor === null || head !== state.cursor.number
    const due = force || state.poked || newBlock || Date.now() - state.lastPass >= idleRecheckMs
    state.poked = false
    if (!due) return
    state.lastPass = Date.now()
    if (state.cursor === null) {
      // Blocks mined while no tracker of this process ran were never scanned: read every
      // pending payment's own transaction once, then scan from the head on.
      await recheckAllPending(state)
      state.cursor = { number: head - 1n, hashes: new Map() }
    }
    if (force || newBlock) {
      const scan = await scanNewBlocks({ ...common, head, cursor: state.cursor, retryIds: state.retryIds })
      state.cursor = scan.cursor
      state.retryIds = scan.retryIds
    }
    // The periodic re-check, at most one batch per pass so a pass's cost stays bounded.
    await processPayments({ ...common, selection: { kind: 'due' } })
  }

  const recheckAllPending = async (state: NetworkState) => {
    let after = ''
    for (;;) {
      const page = await options.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.caipNetworkId, state.network.caipNetworkId), eq(payments.status, 'pending'), gt(payments.id, after)))
        .orderBy(asc(payments.id))
        .limit(settings.batchSize)
      if (page.length === 0) return
      const ids = page.map((p) => p.id)
      await processPayments({ db: options.db, client: state.client, caipNetworkId: state.network.caipNetworkId, settings, selection: { kind: 'ids', ids }, ...changed })
      if (page.length < settings.batchSize) return
      after = ids.at(-1)!
    }
  }

  const pass = (state: NetworkState, force: boolean) => {
    const run = state.tail.then(() => passNetwork(state, force))
    state.tail = run.catch(() => {})
    return run
  }

  const sweepExpired = async () => {
    const expired = await expireLinks(options.db)
    for (const linkId of expired) options.onLinkChanged?.(linkId)
  }

  const networkLoop = async (state: NetworkState) => {
    const interval = state.network.pollIntervalMs ?? pollIntervalMs
    while (running) {
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
      // Reads this payment's receipt directly: its transaction may sit in a block scanned long ago.
      await processPayments({ db: options.db, client: state.client, caipNetworkId, settings, selection: { kind: 'ids', ids: [paymentId] }, ...changed })
    },
    async runOnce() {
      for (const state of states.values()) await pass(state, true)
      await sweepExpired()
    },
    rpcRequests(caipNetworkId) {
      return states.get(caipNetworkId)?.requests ?? 0
    },
  }
}
