import { serverRpcUrls, type Asset, type CreatePaymentBody, type Network, type Payment } from '@paylink/shared'
import { type ChainEndpoint, type PaymentChainReader, chainFamilyOf } from '@paylink/chains/server'
import type { Database, Db } from './db/openDatabase.js'
import type { DevnetUpstreams } from './devnet/devnetNetworks.js'
import { createLinkEventHub, type LinkEventHub } from './links/linkEventHub.js'
import { createLinkViewCache, type LinkViewCache } from './links/linkViewCache.js'
import { submitLinkPayment } from './links/submitLinkPayment.js'
import { createPaymentTracker, type PaymentTracker, type PaymentTrackerOptions } from './payments/paymentTracker.js'
import { submitPayment } from './payments/submitPayment.js'
import { createWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from './webhooks/webhookWorker.js'

// The composition of payment links' moving parts: the one module that knows links, payments
// and webhooks together (app.ts decorates the app with it), so none of them imports another back.

/** Tuning of the payment-link workers (tests shorten the intervals). */
export interface PaymentLinksOptions {
  tracker?: Pick<
    PaymentTrackerOptions,
    'settings' | 'pollIntervalMs' | 'idleRecheckMs' | 'rpcTimeoutMs' | 'downAfterMs'
  > & {
    /** Follow payments only on these networks (CAIP-2 ids); default every configured one. */
    only?: readonly string[]
  }
  webhooks?: Omit<WebhookWorkerOptions, 'db' | 'onError'>
  /** Most link views held in memory (default 2000). */
  maxCachedLinkViews?: number
  /** Server-sent events heartbeat (default 15 000 ms). */
  heartbeatMs?: number
  /** How long POST /payments waits for its first chain read (default 3000 ms). */
  submitCheckTimeoutMs?: number
}

/** The background parts of payment links, created with the app and started by startServer (or a test). */
export interface PaymentLinksServices {
  tracker: PaymentTracker
  webhooks: WebhookWorker
  /** Link views in memory, dropped when the database announces a change (any process). */
  views: LinkViewCache
  events: LinkEventHub
  /** POST /api/links/:id/payments: records the payment and gives it a first chain read (submitLinkPayment). */
  submitPayment(linkId: string, body: CreatePaymentBody): Promise<Payment>
  /** A reader of a network's chain for one-off checks (a refund's transaction), made on first use; null for a network this server cannot read. */
  readerOf(caipNetworkId: string): PaymentChainReader | null
  /** Starts the tracker and the webhook worker (the view cache listens from buildApp on). */
  start(): void
  /** Stops both and closes event streams; safe to call twice. */
  stop(): Promise<void>
}

export interface CreatePaymentLinksServicesParameters {
  database: Pick<Database, 'db' | 'listen'>
  networks: readonly Network[]
  /** The configured assets: the tracker watches each at the merchants' receiving addresses. */
  assets?: readonly Asset[]
  /** caipNetworkId -> the devnet's own RPC: the server reads the devnet directly, not through the browser proxy. */
  devnetUpstreams?: DevnetUpstreams
  options?: PaymentLinksOptions
  onError?: (error: unknown, where: string) => void
  /** One line per background action (a webhook attempt, ...), for the operator's audit. */
  onAction?: (fields: Record<string, unknown>, message: string) => void
}

export function createPaymentLinksServices({
  database,
  networks,
  assets = [],
  devnetUpstreams,
  options = {},
  onError,
  onAction,
}: CreatePaymentLinksServicesParameters): PaymentLinksServices {
  const db: Db = database.db
  const views = createLinkViewCache({
    database,
    ...(options.maxCachedLinkViews ? { maxEntries: options.maxCachedLinkViews } : {}),
  })
  const events = createLinkEventHub({ views })
  const webhooks = createWebhookWorker({
    db,
    ...options.webhooks,
    onError: (error) => onError?.(error, 'webhooks'),
    onAttempt: (attempt) =>
      onAction?.(
        { action: 'webhook delivery', ...attempt },
        `webhook ${attempt.type} ${attempt.outcome} (attempt ${attempt.attempt})`,
      ),
  })
  const { only, ...trackerOptions } = options.tracker ?? {}
  const tracker = createPaymentTracker({
    db,
    // Every network: the tracker itself leaves out those whose chain family cannot follow payments.
    networks: networks
      .filter((network) => !only || only.includes(network.caipNetworkId))
      .map((network) => ({
        ...serverEndpoint(network, devnetUpstreams),
        confirmations: network.confirmations,
        assets: assets.filter((asset) => asset.caipNetworkId === network.caipNetworkId),
        // A local devnet costs nothing per request: poll it often so a payment shows as paid
        // within ~100 ms of its block or slot (a paid RPC keeps the default 1 s).
        ...(devnetUpstreams?.[network.caipNetworkId] ? { pollIntervalMs: 100 } : {}),
      })),
    ...trackerOptions,
    onPaymentAction: (action) =>
      onAction?.(
        { action: 'payment', ...action },
        `payment ${action.paymentId} ${action.status}${action.events.length ? ` (${action.events.join(', ')})` : ''}`,
      ),
    // The views and the event streams hear of the change from the database itself (views.start).
    onLinkChanged: () => webhooks.poke(),
    onError: (error, caipNetworkId) => onError?.(error, `tracker ${caipNetworkId ?? 'expiry'}`),
    onEndpointSwitch: (caipNetworkId, from, to, reason) =>
      onAction?.(
        { action: 'endpoint switch', caipNetworkId, from, to, reason },
        `${caipNetworkId} now reads ${to} (was ${from}: ${reason})`,
      ),
  })
  const confirmations = new Map(networks.map((n) => [n.caipNetworkId, n.confirmations]))
  const checkTimeoutMs = options.submitCheckTimeoutMs ?? 3000
  // Apart from the tracker's readers: a refund check must not count in (or wait behind) the tracker's passes.
  const readers = new Map<string, PaymentChainReader>()
  const readerOf = (caipNetworkId: string): PaymentChainReader | null => {
    const known = readers.get(caipNetworkId)
    if (known) return known
    const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
    const family = network ? chainFamilyOf(caipNetworkId) : undefined
    if (!network || !family?.connect) return null
    const reader = family.connect(serverEndpoint(network, devnetUpstreams), {
      timeoutMs: options.tracker?.rpcTimeoutMs ?? 5000,
    })
    readers.set(caipNetworkId, reader)
    return reader
  }
  return {
    readerOf,
    tracker,
    webhooks,
    views,
    events,
    submitPayment: (linkId, body) =>
      submitLinkPayment(db, {
        linkId,
        body,
        confirmations,
        payments: {
          record: submitPayment,
          processSubmitted: (caipNetworkId, paymentId) => tracker.processSubmitted(caipNetworkId, paymentId),
          poke: (caipNetworkId) => tracker.poke(caipNetworkId),
        },
        checkTimeoutMs,
        onCheckFailed: (error, paymentId) => onError?.(error, `first check of submitted payment ${paymentId}`),
      }),
    start() {
      tracker.start()
      webhooks.start()
    },
    async stop() {
      events.close()
      await Promise.all([tracker.stop(), webhooks.stop(), views.close()])
    },
  }
}

/**
 * The RPC the server reads a network with: the devnet's own node directly (anvil, the Solana
 * devnet), else the first of the server's own endpoints (`rpcUrls`; `rpcUrl` is the browser's and
 * only the fallback when no list is given).
 */
export function serverRpcUrl(
  network: Pick<Network, 'caipNetworkId' | 'rpcUrl' | 'rpcUrls'>,
  devnetUpstreams?: DevnetUpstreams,
): string {
  return devnetUpstreams?.[network.caipNetworkId]?.rpcUrl ?? serverRpcUrls(network)[0]!
}

/**
 * A network's endpoints as the server's readers use them: the devnet's own node alone, else every
 * one of the server's (`rpcUrls`), so the endpoint pool fails over between them.
 */
export function serverEndpoint(
  network: Pick<Network, 'caipNetworkId' | 'rpcUrl' | 'rpcUrls'>,
  devnetUpstreams?: DevnetUpstreams,
): ChainEndpoint {
  return {
    caipNetworkId: network.caipNetworkId,
    rpcUrl: serverRpcUrl(network, devnetUpstreams),
    ...(devnetUpstreams?.[network.caipNetworkId] ? {} : { rpcUrls: serverRpcUrls(network) }),
  }
}
