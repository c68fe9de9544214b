import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { Counter, Gauge, Registry } from 'prom-client'
import type { PaymentTracker } from '../payments/paymentTracker.js'

export interface CreatePaylinkMetricsParameters {
  /** The networks the tracker follows. */
  networks: readonly string[]
  /** Read per scrape: the tracker is created after the metrics. */
  tracker: () => PaymentTracker
}

export interface PaylinkMetrics {
  registry: Registry
  /** A tracker pass or other background work failed (kind: the error's class, e.g. ChainReadError). */
  countError(caipNetworkId: string, error: unknown): void
  /** The tracker changed a payment (credited, confirmed, reverted, failed). */
  countPayment(caipNetworkId: string, status: string): void
}

/**
 * The operator's Prometheus metrics (prom-client): RPC requests per network, tracker errors by
 * kind, payments changed by status, each network's lag behind its head and its ok/degraded/down
 * status (the last three read from the tracker at each scrape).
 */
export function createPaylinkMetrics(options: CreatePaylinkMetricsParameters): PaylinkMetrics {
  const registry = new Registry()
  new Counter({
    name: 'paylink_rpc_requests_total',
    help: 'HTTP requests the payment tracker sent to the network\u2019s RPC (a JSON-RPC batch counts once).',
    labelNames: ['network'],
    registers: [registry],
    collect() {
      this.reset()
      for (const network of options.networks) this.inc({ network }, options.tracker().rpcRequests(network))
    },
  })
  const errors = new Counter({
    name: 'paylink_tracker_errors_total',
    help: 'Failed tracker passes, by network and kind of error.',
    labelNames: ['network', 'kind'],
    registers: [registry],
  })
  const paymentsChanged = new Counter({
    name: 'paylink_payments_total',
    help: 'Payments the tracker changed, by network and the status they moved to (confirmed: credited).',
    labelNames: ['network', 'status'],
    registers: [registry],
  })
  new Gauge({
    name: 'paylink_tracker_lag_blocks',
    help: 'Blocks between the head the tracker last read and the last block it scanned.',
    labelNames: ['network'],
    registers: [registry],
    collect() {
      this.reset()
      for (const network of options.networks) {
        const lag = options.tracker().health(network)?.lagBlocks
        if (lag !== undefined && lag !== null) this.set({ network }, Number(lag))
      }
    },
  })
  new Gauge({
    name: 'paylink_network_status',
    help: '1 for the status each network is in (ok, degraded, down), as /api/health reports it.',
    labelNames: ['network', 'status'],
    registers: [registry],
    collect() {
      this.reset()
      for (const network of options.networks) {
        const health = options.tracker().health(network)
        if (health) this.set({ network, status: health.state }, 1)
      }
    },
  })
  return {
    registry,
    countError: (network, error) => errors.inc({ network, kind: error instanceof Error ? error.name : 'unknown' }),
    countPayment: (network, status) => paymentsChanged.inc({ network, status }),
  }
}

export interface MetricsRoutesOptions {
  /** METRICS_TOKEN: scrapers send `Authorization: Bearer <token>`. */
  token: string
  metrics: PaylinkMetrics
}

/** GET /metrics in Prometheus's text format, only when the operator set METRICS_TOKEN, and only to a scraper sending it. */
export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (app, { token, metrics }) => {
  const expected = Buffer.from(`Bearer ${token}`)
  app.get('/metrics', async (request, reply) => {
    const sent = Buffer.from(request.headers.authorization ?? '')
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'UNAUTHORIZED' })
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType)
    return metrics.registry.metrics()
  })
}
