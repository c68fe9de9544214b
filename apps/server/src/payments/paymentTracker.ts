import type { PublicClient } from 'viem'
import { createEvmRpcClient } from '../chains/createEvmRpcClient.js'
import type { Db } from '../db/openDatabase.js'
import { expireLinks } from '../links/expireLinks.js'
import { defaultPaymentProcessingSettings, processPayments, type PaymentProcessingSettings } from './processPayments.js'
import { createWakeableSleep } from '../workers/createWakeableSleep.js'

export interface TrackedNetwork {
  caipNetworkId: string
  /** The RPC the server itself reads (for the devnet: anvil directly, not the browser proxy). */
  rpcUrl: string
}

export interface PaymentTrackerOptions {
  db: Db
  networks: readonly TrackedNetwork[]
  settings?: Partial<PaymentProcessingSettings>
  /** How often each network's head is polled (default 1000 ms). */
  pollIntervalMs?: number
  /** Without a new block, due payments are still looked at this often (unknown-tx timers). Default 5000 ms. */
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
  lastHead: bigint | null
  lastPass: number
  poked: boolean
}

/**
 * The background worker that moves payments through pending -> confirming -> confirmed (or
 * failed / reverted). All state is in the database, so a restarted (or second) tracker
 * picks up where another left; claims (leases) keep two trackers off the same payment.
 */
export function createPaymentTracker(options: PaymentTrackerOptions): PaymentTracker {
  const settings = { ...defaultPaymentProcessingSettings, ...options.settings }
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const idleRecheckMs = options.idleRecheckMs ?? 5000
  const states = new Map<string, NetworkState>()
  for (const network of options.networks) {
    const state: NetworkState = { network, client: null as never, requests: 0, lastHead: null, lastPass: 0, poked: true }
    state.client = createEvmRpcClient({ rpcUrl: network.rpcUrl, timeoutMs: options.rpcTimeoutMs ?? 5000, onHttpRequest: () => state.requests++ })
    states.set(network.caipNetworkId, state)
  }
  const report = (error: unknown, caipNetworkId: string | null) => options.onError?.(error, caipNetworkId)

  let running = false
  let loops: Promise<void>[] = []
  const pause = createWakeableSleep()

  const passNetwork = async (state: NetworkState, force: boolean) => {
    const head = BigInt((await state.client.request({ method: 'eth_blockNumber' })) as string)
    const due = force || state.poked || head !== state.lastHead || Date.now() - state.lastPass >= idleRecheckMs
    state.poked = false
    state.lastHead = head
    if (!due) return
    state.lastPass = Date.now()
    for (;;) {
      const { claimed } = await processPayments({
        db: options.db,
        client: state.client,
        caipNetworkId: state.network.caipNetworkId,
        settings,
        head,
        ...(options.onLinkChanged ? { onLinkChanged: options.onLinkChanged } : {}),
      })
      if (claimed < settings.batchSize) break
    }
  }

  const sweepExpired = async () => {
    const expired = await expireLinks(options.db)
    for (const linkId of expired) options.onLinkChanged?.(linkId)
  }

  const loop = async () => {
    while (running) {
      await Promise.all([
        ...[...states.values()].map((state) => passNetwork(state, false).catch((error) => report(error, state.network.caipNetworkId))),
        sweepExpired().catch((error) => report(error, null)),
      ])
      if (!running) break
      await pause.sleep(pollIntervalMs)
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
      loops = [loop()]
    },
    async stop() {
      running = false
      pause.wake()
      await Promise.all(loops)
      loops = []
    },
    poke(caipNetworkId) {
      const state = states.get(caipNetworkId)
      if (state) state.poked = true
      pause.wake()
    },
    async processSubmitted(caipNetworkId, paymentId) {
      const state = states.get(caipNetworkId)
      if (!state) return
      await processPayments({
        db: options.db,
        client: state.client,
        caipNetworkId,
        settings,
        paymentIds: [paymentId],
        ...(options.onLinkChanged ? { onLinkChanged: options.onLinkChanged } : {}),
      })
    },
    async runOnce() {
      for (const state of states.values()) await passNetwork(state, true)
      await sweepExpired()
    },
    rpcRequests(caipNetworkId) {
      return states.get(caipNetworkId)?.requests ?? 0
    },
  }
}
