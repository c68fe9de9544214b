import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet from 'helmet'
import type { Asset, CreateOrderBody, Network, X402Gas } from '@paylink/shared'
import Fastify, { type FastifyInstance } from 'fastify'
import type { LogLevel, TrustProxy } from './config.js'
import { openDatabase, type Database, type OpenDatabaseOptions } from './db/openDatabase.js'
import type { DevnetFaucet } from './devnet/devnetFaucet.js'
import type { DevnetMiner } from './devnet/devnetMiners.js'
import type { DevnetUpstreams } from './devnet/devnetNetworks.js'
import { demoLinkRoutes } from './demo/demoLinkRoutes.js'
import { embedRoutes } from './embed/embedRoutes.js'
import { readLinkEmbedOrigins } from './embed/embedOriginsService.js'
import { devnetRoutes } from './devnet/devnetRoutes.js'
import { createSolanaDelegateCollector } from '@paylink/chains/solana/server'
import { createCollector, type Collectors } from './subscriptions/collectorPull.js'
import type { PeriodLinkContext } from './subscriptions/periodLink.js'
import { createRenewalMailer } from './subscriptions/renewalMailer.js'
import { createRenewalScheduler, type RenewalScheduler } from './subscriptions/renewalScheduler.js'
import { createSubscriptionClock, type SubscriptionClock } from './subscriptions/subscriptionClock.js'
import { subscriptionRoutes } from './subscriptions/subscriptionRoutes.js'
import { subscriptionPageRoutes } from './subscriptions/subscriptionPageRoutes.js'
import { RateLimitedError } from './errors.js'
import { eventRoutes } from './events/eventRoutes.js'
import { exportRoutes } from './exports/exportRoutes.js'
import { paymentListRoutes } from './paymentList/paymentListRoutes.js'
import { healthRoutes } from './health/healthRoutes.js'
import { idempotencyPlugin } from './idempotency/idempotencyPlugin.js'
import { apiSecurityHeaders, hstsMaxAgeSeconds } from './http/apiSecurityHeaders.js'
import { buildContentSecurityPolicy } from './http/contentSecurityPolicy.js'
import { installErrorHandling, sendError } from './http/errorHandling.js'
import { openApiRoutes } from './http/openApiRoutes.js'
import { RouteRegistry, type RateLimit } from './http/routeRegistry.js'
import { linkRoutes } from './links/linkRoutes.js'
import { depositRoutes } from './deposits/depositRoutes.js'
import { merchantRoutes } from './merchants/merchantRoutes.js'
import { merchantProfileRoutes } from './merchants/merchantProfileRoutes.js'
import { receivingKeyRoutes } from './merchants/receivingKeyRoutes.js'
import { createReceiptMailer } from './receipts/receiptMailer.js'
import { receiptRoutes } from './receipts/receiptRoutes.js'
import { refundRoutes } from './refunds/refundRoutes.js'
import { unmatchedRoutes } from './unmatched/unmatchedRoutes.js'
import {
  createPaymentLinksServices,
  serverEndpoint,
  serverRpcUrl,
  type PaymentLinksOptions,
  type PaymentLinksServices,
} from './paymentLinksServices.js'
import { publicConfigRoutes } from './publicConfig/publicConfigRoutes.js'
import { toPublicConfig } from './publicConfig/toPublicConfig.js'
import { checkOrigin } from './siwx/checkOrigin.js'
import { sessionCookieName } from './siwx/sessionToken.js'
import { siwxRoutes } from './siwx/siwxRoutes.js'
import { renderCheckoutParts } from './web/checkoutShell.js'
import { registerCompression } from './web/compression.js'
import { webAppRoutes } from './web/webAppRoutes.js'
import type { WebhookPolicy } from './webhooks/checkWebhookUrl.js'
import { webhookRoutes } from './webhooks/webhookRoutes.js'
import { quoteLink } from './links/quoteLink.js'
import { viewNeedsQuote } from './links/viewNeedsQuote.js'
import { createDevnetRates, type RateProvider } from './rates/rateProvider.js'
import { createPaylinkMetrics, metricsRoutes } from './metrics/metricsRoutes.js'
import {
  defaultLowGas,
  x402EvmFacilitator,
  x402GasOf,
  x402Routes,
  x402SolanaFacilitator,
  type LowGas,
} from './x402/index.js'
import { createOrder } from './orders/createOrder.js'
import { orderRoutes } from './orders/orderRoutes.js'
import { posRoutes } from './pos/posRoutes.js'

/** The resolved configuration buildApp runs with: networks and assets final (devnet included). */
export interface AppConfig {
  /** The canonical origin browsers reach the app at. */
  publicOrigin: string
  /** Every origin browsers may use, publicOrigin first (PUBLIC_ORIGIN); omitted: publicOrigin alone. */
  publicOrigins?: readonly string[]
  projectId: string | null
  /** The demo (devnet + Dev Wallet) is on. */
  demo: boolean
  networks: Network[]
  assets: Asset[]
  /** An open database (the caller closes it), or options to open one (the app closes it). */
  database: Database | OpenDatabaseOptions
  webDist: string
  /** Omit to log nothing (tests). */
  logLevel?: LogLevel
  /** caipNetworkId -> the devnet's own RPC; when given, the /devnet/ routes proxy to it (and the faucet runs). */
  devnetUpstreams?: DevnetUpstreams
  /** The demo's faucets, one per chain family (POST /devnet/faucet). */
  devnetFaucets?: readonly DevnetFaucet[]
  /** caipNetworkId -> how to mine that devnet chain now (POST /devnet/mine). */
  devnetMiners?: Readonly<Record<string, DevnetMiner>>
  /** Per-RPC timeout of the health check (default 2000 ms). */
  chainTimeoutMs?: number
  /** METRICS_TOKEN: GET /metrics (Prometheus) answers a scraper sending it; unset, there is no /metrics. */
  metricsToken?: string | null
  siwx?: SiwxAppOptions
  /** Intervals and limits of the payment tracker, webhook worker and event streams. */
  paymentLinks?: PaymentLinksOptions
  /** Merchant ids allowed to create links and manage API keys (MERCHANTS); omitted or null: any signed-in account. */
  merchants?: readonly string[] | null
  /** What webhook URLs may reach; omitted: https to public addresses only. */
  webhooks?: WebhookPolicy
  limits?: AppLimits
  /** Proxies whose X-Forwarded-For gives the client's IP (TRUST_PROXY); omitted: none. */
  trustProxy?: TrustProxy
  /** Fiat-priced links: where rates come from and how long a quote lasts; omitted: no rates (every fiat option says so), 900 s. */
  quotes?: { rates: RateProvider; ttlSeconds?: number }
  /** Grace after expiry for late payments when a link names none (default 0). */
  latePaymentGraceSeconds?: number
  /** Email receipts (SMTP_URL, RECEIPT_EMAIL_FROM); omitted: none offered. */
  receiptEmail?: { smtpUrl: string; from: string; intervalMs?: number }
  /**
   * The x402 facilitator's gas keys (X402_EVM_PRIVATE_KEY; X402_SOLANA_SECRET_KEY, a 64-byte
   * keypair, adds the Solana networks); omitted: no /x402/facilitator.
   */
  x402?: {
    evmPrivateKey: `0x${string}`
    solanaSecretKey?: Uint8Array
    /** X402_LOW_GAS_EVM / X402_LOW_GAS_SOLANA: under these a gas key is low (default `defaultLowGas`). */
    lowGas?: LowGas
  }
  /** Subscriptions' renewals (subscriptions/); every field has a default. */
  subscriptions?: SubscriptionOptions
}

export interface SubscriptionOptions {
  /** COLLECTOR_PRIVATE_KEY: pays the gas of automatic renewals (never receives); unset, none are offered. */
  collectorPrivateKey?: `0x${string}`
  /** COLLECTOR_SOLANA_SECRET_KEY (64-byte keypair): the SPL delegate of automatic renewals on Solana, paying their fees; unset, none on Solana. */
  collectorSolanaSecretKey?: Uint8Array
  /** The scheduler's round (default 5000 ms). */
  intervalMs?: number
  graceSeconds?: number
  cancelAfterSeconds?: number
  /** POST /devnet/clock (the demo, and tests): moves the renewals' clock and the EVM devnets' time. */
  devnetClock?: boolean
}

/** Sizes, caps and per-IP rates; every field has a default. */
export interface AppLimits {
  /** Request bodies (default 64 KiB; sign-in and the devnet RPC proxy set their own). */
  bodyLimitBytes?: number
  /** Open (or partially paid) unexpired links per merchant (default 1000). */
  maxOpenLinksPerMerchant?: number
  /** Live API keys per merchant (default 20). */
  maxApiKeysPerMerchant?: number
  /** POST /api/links per IP (default 60 a minute). */
  createLinkRateLimit?: RateLimit
  /** POST /api/links/:id/payments per IP (default 60 a minute). */
  submitPaymentRateLimit?: RateLimit
  /** POST /api/links/:id/orders per IP (default 60 a minute): public, a payer starting to buy from a reusable link. */
  createOrderRateLimit?: RateLimit
  /** POST /api/keys per IP (default 20 a minute). */
  createApiKeyRateLimit?: RateLimit
  /** POST /api/links/:id/receipt-email per IP (default 5 a minute). */
  receiptEmailRateLimit?: RateLimit
  /** How long a request waits for another one running with its Idempotency-Key before 409 IDEMPOTENCY_KEY_IN_USE (default 5000 ms). */
  idempotencyWaitMs?: number
}

export const defaultBodyLimitBytes = 64 * 1024

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment tracker and webhook worker: created with the app, started by startServer or a test. */
    paymentLinks: PaymentLinksServices
    /** The subscriptions' renewal scheduler (started by startServer or a test) and the clock it runs on. */
    subscriptions: RenewalScheduler & { clock: SubscriptionClock }
  }
}

export interface SiwxAppOptions {
  /** Default 86400 (SIWX_SESSION_TTL_SECONDS). */
  sessionTtlSeconds?: number
  /** Default "Sign in to Paylink" (SIWX_STATEMENT). */
  statement?: string
  /** Per IP; default 30 a minute. */
  nonceRateLimit?: RateLimit
  /** Per IP; default 10 a minute. */
  signInRateLimit?: RateLimit
}

export const appVersion = '0.1.0'

/** The headers a helmet middleware sets, in its order (it sets the same ones on every response). */
function headersSetBy(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers: Array<[string, string]> = []
  const recorder = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader: () => {} }
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error as Error
  })
  return headers
}

/** Composes the feature plugins into one Fastify instance. Call `.ready()` or `.listen()` next. */
/** The configured limits with their defaults, said once for every route that applies them. */
function limitsOf(config: AppConfig) {
  const perMinute = { max: 60, timeWindow: 60_000 }
  return {
    maxOpenLinks: config.limits?.maxOpenLinksPerMerchant ?? 1000,
    createLink: config.limits?.createLinkRateLimit ?? perMinute,
    submitPayment: config.limits?.submitPaymentRateLimit ?? perMinute,
    createOrder: config.limits?.createOrderRateLimit ?? perMinute,
    quoteSeconds: config.quotes?.ttlSeconds ?? 900,
  }
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const ownsDatabase = !isDatabase(config.database)
  const database = isDatabase(config.database) ? config.database : await openDatabase(config.database)
  const limits = limitsOf(config)

  // The API's security headers, for the answers under /api and for those Fastify sends before any hook.
  const apiHeaders = apiSecurityHeaders(config.publicOrigin)
  const app = Fastify({
    logger: config.logLevel ? { level: config.logLevel } : false,
    // Fastify's two lines per request are replaced by one (onResponse below). pino's base
    // fields carry the pid and host, so an operator can tell which process did what.
    disableRequestLogging: true,
    trustProxy: config.trustProxy ?? false,
    // Our largest body (a link with 10 options and a 2000-character description) is a few KiB.
    bodyLimit: config.limits?.bodyLimitBytes ?? defaultBodyLimitBytes,
    // Errors Fastify answers before routing (a path with broken %-escapes): our shape too.
    frameworkErrors: (error, _request, reply) => {
      reply.headers(apiHeaders)
      sendError(reply, 400, 'INVALID_URL', `The request URL is malformed (${error.code ?? 'bad URL'}).`)
    },
  })
  try {
    app.decorate('routeRegistry', new RouteRegistry())
    // Without a logger the line would be built for nothing, on every request.
    if (config.logLevel) {
      app.addHook('onResponse', (request, reply, done) => {
        const route = request.routeOptions.url ?? '(no route)'
        request.log.info(
          {
            method: request.method,
            route,
            url: request.url,
            statusCode: reply.statusCode,
            ms: Math.round(reply.elapsedTime),
          },
          `${request.method} ${route} ${reply.statusCode}`,
        )
        done()
      })
    }
    if (ownsDatabase) app.addHook('onClose', async () => database.close())

    const publicConfig = toPublicConfig({
      ...config,
      receiptEmail: Boolean(config.receiptEmail),
      publicOrigins: config.publicOrigins ?? [config.publicOrigin],
    })
    const rates = config.quotes?.rates ?? createDevnetRates({})
    // A payer opening a fiat-priced checkout gets live quotes. The cached view says whether one is
    // due, so a fixed-price link (or a quoted one) costs no database read; a new quote bumps the
    // link's version like every change, and this process drops its view at once.
    const readCheckoutView = async (linkId: string) => {
      const version = await app.paymentLinks.views.read(linkId)
      if (!version || !viewNeedsQuote(version.link, new Date())) return version
      if (await quoteLink(database.db, { linkId, assets: config.assets, rates, ttlSeconds: limits.quoteSeconds }))
        app.paymentLinks.views.invalidate(linkId)
      return app.paymentLinks.views.read(linkId)
    }
    const web = webAppRoutes({
      webDist: config.webDist,
      // The link's view from the cache; its parts of the page made once per version of the link.
      loadCheckout: async (linkId) => {
        const version = await readCheckoutView(linkId)
        if (!version) return null
        return {
          link: version.link,
          parts: (words) =>
            version.memo(`checkout-parts:${words.language}`, (v) =>
              renderCheckoutParts({ config: publicConfig, link: v.link }, words),
            ),
        }
      },
      // Read only for `?embed=1` (/embed.js's frame): the plain checkout keeps DENY without a query.
      embedOriginsOf: (linkId) => readLinkEmbedOrigins(database.db, linkId),
    })
    installErrorHandling(app, { notFoundFallback: web.fallback })
    await registerCompression(app)

    // Registered here, not in a child plugin, so their hooks cover every route. Pages get helmet's
    // headers for documents; answers under /api (JSON, streams, the export) the shorter API set.
    // Neither depends on the request: helmet's are taken from it once and set as they are
    // (@fastify/helmet made its middleware anew on every request, half of what a cached
    // GET /api/links/:id cost in issue #19's link-reads bench).
    const documentSecurityHeaders = headersSetBy(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: buildContentSecurityPolicy({
            networks: config.networks,
            projectId: config.projectId,
            upgradeInsecureRequests: config.publicOrigin.startsWith('https:'),
          }),
        },
        // AppKit's social and email logins open popups that report back through window.opener.
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
        frameguard: { action: 'deny' },
        // Page URLs carry link ids: no other host (RPCs, Reown, an image) learns them.
        referrerPolicy: { policy: 'no-referrer' },
        xContentTypeOptions: true,
        // Only over https: a browser remembers it for a year, which would lock an http instance out.
        strictTransportSecurity: config.publicOrigin.startsWith('https:')
          ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true }
          : false,
      }),
    )
    const apiHeaderList = Object.entries(apiHeaders)
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw
      for (const [name, value] of request.url.startsWith('/api/') ? apiHeaderList : documentSecurityHeaders)
        raw.setHeader(name, value)
      done()
    })
    // Off by default; routes opt in with `config: { rateLimit: { max, timeWindow } }`.
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new RateLimitedError(`Too many requests; try again in ${context.after}.`),
    })

    await app.register(cookie)
    const originOfWrites = checkOrigin(config.publicOrigins ?? config.publicOrigin)
    // A callback hook, not an async one: reads are most requests, and they pass at once.
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        originOfWrites({
          method: request.method,
          url: request.url,
          origin: request.headers.origin,
          hasSessionCookie: Boolean(request.cookies?.[sessionCookieName]),
        })
      } catch (error) {
        done(error as Error)
        return
      }
      done()
    })

    let x402Gas: (() => Promise<X402Gas>) | undefined
    await app.register(healthRoutes, {
      db: database.db,
      // The devnet's RPC URLs are origin-relative (for the browser); the server reads anvil directly.
      networks: config.networks.map((network) => ({
        ...network,
        rpcUrl: serverRpcUrl(network, config.devnetUpstreams),
      })),
      timeoutMs: config.chainTimeoutMs ?? 2000,
      // Read per request: the tracker is created below.
      trackerStatus: (caipNetworkId) => app.paymentLinks.tracker.status(caipNetworkId),
      trackerHealth: (caipNetworkId) => app.paymentLinks.tracker.health(caipNetworkId),
      // Read per request: the facilitator is created below.
      x402Gas: () => x402Gas?.(),
    })
    await app.register(siwxRoutes, {
      db: database.db,
      publicOrigin: config.publicOrigins ?? config.publicOrigin,
      statement: config.siwx?.statement ?? 'Sign in to Paylink',
      sessionTtlSeconds: config.siwx?.sessionTtlSeconds ?? 86_400,
      rpcUrls: signInRpcUrls(config),
      nonceRateLimit: config.siwx?.nonceRateLimit ?? { max: 30, timeWindow: 60_000 },
      signInRateLimit: config.siwx?.signInRateLimit ?? { max: 10, timeWindow: 60_000 },
    })
    const webhookPolicy: WebhookPolicy = config.webhooks ?? { allowHttp: false, allowPrivateAddresses: false }
    const merchants = config.merchants ? new Set(config.merchants) : null
    const metrics = config.metricsToken
      ? createPaylinkMetrics({
          networks: config.networks.map((network) => network.caipNetworkId),
          tracker: () => paymentLinks.tracker,
        })
      : null
    if (metrics && config.metricsToken) await app.register(metricsRoutes, { token: config.metricsToken, metrics })
    const paymentLinks = createPaymentLinksServices({
      database,
      networks: config.networks,
      assets: config.assets,
      ...(config.devnetUpstreams ? { devnetUpstreams: config.devnetUpstreams } : {}),
      options: { ...config.paymentLinks, webhooks: { ...config.paymentLinks?.webhooks, policy: webhookPolicy } },
      onError: (error, where) => {
        if (where.startsWith('tracker ')) metrics?.countError(where.slice('tracker '.length), error)
        app.log.warn({ err: error }, `${where} failed; retrying on the next round`)
      },
      onAction: (fields, message) => {
        if (fields.action === 'payment') metrics?.countPayment(String(fields.caipNetworkId), String(fields.status))
        app.log.info(fields, message)
      },
    })
    app.decorate('paymentLinks', paymentLinks)
    // Before the server and the database close: no worker may write to a closing database.
    app.addHook('preClose', async () => paymentLinks.stop())
    // Link views are held in memory only while the database's change notifications are heard.
    await paymentLinks.views.start()
    // First: it decorates the app with requireMerchant, which the link and webhook routes call.
    await app.register(merchantRoutes, {
      db: database.db,
      merchants,
      maxApiKeysPerMerchant: config.limits?.maxApiKeysPerMerchant ?? 20,
      createRateLimit: config.limits?.createApiKeyRateLimit ?? { max: 20, timeWindow: 60_000 },
    })
    await app.register(idempotencyPlugin, {
      db: database.db,
      ...(config.limits?.idempotencyWaitMs !== undefined ? { waitMs: config.limits.idempotencyWaitMs } : {}),
    })
    await app.register(receivingKeyRoutes, { db: database.db, networks: config.networks })
    await app.register(merchantProfileRoutes, { db: database.db })
    await app.register(embedRoutes, { db: database.db, webDist: config.webDist })
    const mailer = config.receiptEmail
      ? createReceiptMailer({
          db: database.db,
          smtpUrl: config.receiptEmail.smtpUrl,
          from: config.receiptEmail.from,
          networks: config.networks,
          publicOrigin: config.publicOrigin,
          ...(config.receiptEmail.intervalMs ? { intervalMs: config.receiptEmail.intervalMs } : {}),
          onError: (error) => app.log.warn({ err: error }, 'sending a receipt email failed; retrying'),
        })
      : null
    if (mailer) {
      app.addHook('onReady', async () => mailer.start())
      app.addHook('preClose', async () => mailer.stop())
    }
    await app.register(receiptRoutes, {
      db: database.db,
      mailer,
      rateLimit: config.limits?.receiptEmailRateLimit ?? { max: 5, timeWindow: 60_000 },
    })
    await app.register(linkRoutes, {
      db: database.db,
      assets: config.assets,
      networks: config.networks,
      views: paymentLinks.views,
      events: paymentLinks.events,
      submitPayment: paymentLinks.submitPayment,
      webhookPolicy,
      maxOpenLinksPerMerchant: limits.maxOpenLinks,
      defaultLateGraceSeconds: config.latePaymentGraceSeconds ?? 0,
      readCheckoutView,
      readerOf: paymentLinks.readerOf,
      createLinkRateLimit: limits.createLink,
      submitPaymentRateLimit: limits.submitPayment,
      ...(config.paymentLinks?.heartbeatMs ? { heartbeatMs: config.paymentLinks.heartbeatMs } : {}),
    })
    // A payer's order and a shop device's sale are the same order of a reusable link, open for one quote window.
    const orderLink = (linkId: string, body: CreateOrderBody) =>
      createOrder(database.db, {
        linkId,
        body,
        assets: config.assets,
        networks: config.networks,
        windowSeconds: limits.quoteSeconds,
      })
    await app.register(orderRoutes, {
      db: database.db,
      createOrder: orderLink,
      createOrderRateLimit: limits.createOrder,
    })
    await app.register(posRoutes, {
      db: database.db,
      createOrder: orderLink,
      readCheckoutView,
      createSaleRateLimit: limits.createOrder,
    })
    await app.register(webhookRoutes, { db: database.db, policy: webhookPolicy, worker: paymentLinks.webhooks })
    await app.register(eventRoutes, { db: database.db })
    await app.register(unmatchedRoutes, { db: database.db, onLinkChanged: (id) => paymentLinks.views.invalidate(id) })
    await app.register(exportRoutes, { db: database.db, assets: config.assets })
    await app.register(paymentListRoutes, { db: database.db, assets: config.assets })
    if (config.x402) {
      const evm = x402EvmFacilitator(config, config.x402)
      const { solanaSecretKey } = config.x402
      const solana = solanaSecretKey ? await x402SolanaFacilitator(config, solanaSecretKey) : undefined
      const lowGas = config.x402.lowGas ?? defaultLowGas
      await app.register(x402Routes, {
        db: database.db,
        evm,
        assets: config.assets,
        lowGas,
        paidUrls: { publicOrigin: config.publicOrigin, policy: webhookPolicy },
        ...(solana ? { solana } : {}),
      })
      x402Gas = () => x402GasOf(evm, solana, lowGas)
    }
    await app.register(refundRoutes, {
      db: database.db,
      readerOf: paymentLinks.readerOf,
      onLinkChanged: (linkId) => paymentLinks.views.invalidate(linkId),
      rateLimit: limits.submitPayment,
    })
    await app.register(depositRoutes, {
      db: database.db,
      networks: config.networks.map((network) => ({
        ...network,
        rpcUrl: serverRpcUrl(network, config.devnetUpstreams),
      })),
      assets: config.assets,
      timeoutMs: config.chainTimeoutMs ?? 5000,
    })
    await app.register(publicConfigRoutes, { publicConfig })
    await app.register(openApiRoutes, {
      info: {
        title: 'Paylink API',
        version: appVersion,
        description: 'Self-hosted, non-custodial crypto payment links.',
        serverUrl: config.publicOrigin,
      },
    })
    await registerSubscriptions(app, config, {
      db: database.db,
      assets: config.assets,
      networks: config.networks,
      webhookPolicy,
      maxOpenLinks: limits.maxOpenLinks,
    })
    if (config.devnetUpstreams) {
      await app.register(devnetRoutes, {
        upstreams: config.devnetUpstreams,
        faucets: config.devnetFaucets ?? [],
        miners: config.devnetMiners ?? {},
        allowedOrigins: config.publicOrigins ?? [config.publicOrigin],
      })
    }
    if (config.demo) {
      await app.register(demoLinkRoutes, {
        db: database.db,
        assets: config.assets,
        networks: config.networks,
        maxOpenLinks: limits.maxOpenLinks,
        rateLimit: limits.createLink,
      })
    }
    await app.register(web.plugin)
    return await app
  } catch (error) {
    await app.close().catch(() => {})
    if (ownsDatabase) await database.close().catch(() => {})
    throw error
  }
}

/** Plans, subscribing, the manage view and the renewal scheduler (started with the app, stopped before it closes). */
async function registerSubscriptions(app: FastifyInstance, config: AppConfig, context: PeriodLinkContext) {
  const options = config.subscriptions ?? {}
  const endpoints = new Map(
    config.networks.map((network) => [network.caipNetworkId, serverEndpoint(network, config.devnetUpstreams)]),
  )
  const collectorOptions = {
    endpointOf: (caipNetworkId: string) => endpoints.get(caipNetworkId) ?? null,
    timeoutMs: config.paymentLinks?.tracker?.rpcTimeoutMs ?? 5000,
  }
  const clock = createSubscriptionClock()
  const collectors: Collectors = {
    ...(options.collectorPrivateKey ? { eip155: createCollector(options.collectorPrivateKey, collectorOptions) } : {}),
    ...(options.collectorSolanaSecretKey
      ? { solana: await createSolanaDelegateCollector(options.collectorSolanaSecretKey, collectorOptions) }
      : {}),
  }
  // The payer's renewal e-mails go through the receipts' SMTP server.
  const mailer = config.receiptEmail
    ? createRenewalMailer({
        db: context.db,
        smtpUrl: config.receiptEmail.smtpUrl,
        from: config.receiptEmail.from,
        publicOrigin: config.publicOrigin,
      })
    : undefined
  const scheduler = createRenewalScheduler({
    context,
    clock,
    collectors,
    ...(mailer ? { mailer } : {}),
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
    ...(options.graceSeconds !== undefined ? { graceSeconds: options.graceSeconds } : {}),
    ...(options.cancelAfterSeconds !== undefined ? { cancelAfterSeconds: options.cancelAfterSeconds } : {}),
    onError: (error, where) => app.log.warn({ err: error }, `${where} failed; retrying on the next round`),
  })
  app.decorate('subscriptions', Object.assign(scheduler, { clock }))
  app.addHook('preClose', async () => {
    await scheduler.stop()
    mailer?.close()
  })
  const collectorAddresses = Object.fromEntries(
    Object.entries(collectors).map(([namespace, collector]) => [namespace, collector!.address]),
  )
  await app.register(subscriptionRoutes, {
    context,
    clock,
    scheduler,
    collectorAddresses,
    subscribeRateLimit: limitsOf(config).createLink,
    ...(options.devnetClock
      ? {
          devnetClock: {
            evmRpcUrls: [...endpoints.values()]
              .filter((endpoint) => endpoint.caipNetworkId.startsWith('eip155:'))
              .map((endpoint) => endpoint.rpcUrl),
          },
        }
      : {}),
  })
  await app.register(subscriptionPageRoutes, { context, collectorAddresses })
}

/** The RPC each network's signatures are checked over: the devnet's own node directly, not through our proxy. */
function signInRpcUrls(config: AppConfig): Map<string, string> {
  return new Map(
    config.networks.map((network) => [network.caipNetworkId, serverRpcUrl(network, config.devnetUpstreams)]),
  )
}

function isDatabase(value: Database | OpenDatabaseOptions): value is Database {
  return 'db' in value && typeof value.close === 'function'
}
