import type { Network } from '@paylink/shared'
import type { Db } from '../db/openDatabase.js'
import { createPaymentTracker, type PaymentTracker, type PaymentTrackerOptions } from '../payments/paymentTracker.js'
import { createWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from '../webhooks/webhookWorker.js'
import { createLinkEventHub, type LinkEventHub } from './linkEventHub.js'

/** Tuning of the payment-link workers (tests shorten the intervals). */
export interface PaymentLinksOptions {
  tracker?: Pick<PaymentTrackerOptions, 'settings' | 'pollIntervalMs' | 'idleRecheckMs' | 'rpcTimeoutMs'>
  webhooks?: Omit<WebhookWorkerOptions, 'db' | 'onError'>
  /** Server-sent events: how often other processes' changes are looked for (default 1000 ms). */
  eventPollIntervalMs?: number
  /** Server-sent events heartbeat (default 15 000 ms). */
  heartbeatMs?: number
  /** How long POST /payments waits for its first chain read (default 3000 ms). */
  submitCheckTimeoutMs?: number
}

/** The background parts of payment links, created with the app and started by startServer (or a test). */
export interface PaymentLinksServices {
  tracker: PaymentTracker
  webhooks: WebhookWorker
  events: LinkEventHub
  /** Starts the tracker and the webhook worker. */
  start(): void
  /** Stops both and closes event streams; safe to call twice. */
  stop(): Promise<void>
}

export interface CreatePaymentLinksServicesParameters {
  db: Db
  networks: readonly Network[]
  /** chainId -> anvil URL: the server reads the devnet directly, not through the browser proxy. */
  devnetUpstreams?: Record<number, string>
  options?: PaymentLinksOptions
  onError?: (error: unknown, where: string) => void
  /** One line per background action (a webhook attempt, ...), for the operator's audit. */
  onAction?: (fields: Record<string, unknown>, message: string) => void
}

export function createPaymentLinksServices({ db, networks, devnetUpstreams, options = {}, onError, onAction }: CreatePaymentLinksServicesParameters): PaymentLinksServices {
  const events = createLinkEventHub({ db, ...(options.eventPollIntervalMs ? { pollIntervalMs: options.eventPollIntervalMs } : {}) })
  const webhooks = createWebhookWorker({
    db,
    ...options.webhooks,
    onError: (error) => onError?.(error, 'webhooks'),
    onAttempt: (attempt) => onAction?.({ action: 'webhook delivery', ...attempt }, `webhook ${attempt.type} ${attempt.outcome} (attempt ${attempt.attempt})`),
  })
  const tracker = createPaymentTracker({
    db,
    networks: networks
      .filter((network) => network.caipNetworkId.startsWith('eip155:'))
      .map((network) => ({
        caipNetworkId: network.caipNetworkId,
        rpcUrl: serverRpcUrl(network, devnetUpstreams),
        // A local anvil mines on demand and costs nothing per request: poll it often so a
        // payment shows as paid within ~100 ms of its block (a paid RPC keeps the default 1 s).
        ...(devnetUpstreams?.[Number(network.caipNetworkId.split(':')[1])] ? { pollIntervalMs: 100 } : {}),
      })),
    ...options.tracker,
    onLinkChanged: (linkId) => {
      events.notify(linkId)
      webhooks.poke()
    },
    onError: (error, caipNetworkId) => onError?.(error, `tracker ${caipNetworkId ?? 'expiry'}`),
  })
  return {
    tracker,
    webhooks,
    events,
    start() {
      tracker.start()
      webhooks.start()
    },
    async stop() {
      events.close()
      await Promise.all([tracker.stop(), webhooks.stop()])
    },
  }
}

/** The RPC the server reads a network with: the devnet's anvil directly, else the configured URL. */
export function serverRpcUrl(network: Pick<Network, 'caipNetworkId' | 'rpcUrl'>, devnetUpstreams?: Record<number, string>): string {
  const [namespace, reference] = network.caipNetworkId.split(':')
  const upstream = namespace === 'eip155' ? devnetUpstreams?.[Number(reference)] : undefined
  return upstream ?? network.rpcUrl
}
