import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import type { ServerConfig } from './config.js'
import { openDatabase, type Database } from './db/openDatabase.js'
import { devnetFaucets } from './devnet/devnetFaucets.js'
import { devnetMiners } from './devnet/devnetMiners.js'
import { fundDemoGasKey, generateSolanaKeypair } from './x402/demoGasKey.js'
import { generatePrivateKey } from 'viem/accounts'
import { devnetNetworks, type DevnetHandle } from './devnet/devnetNetworks.js'
import { ConfigError } from './errors.js'
import { marketRateSources } from './rates/marketRateSources.js'
import { createDevnetRates, createMarketRates, type RateProvider } from './rates/rateProvider.js'
import { parseRate } from '@paylink/shared'
import { joinCluster } from './cluster/joinCluster.js'
import { sharedSettingsOf } from './cluster/sharedSettings.js'
import { checkDepositFactories } from './health/checkDepositFactories.js'

export interface StartDevnetOptions {
  /** Where the chains keep their state across restarts (`${dataDir}/devnet`). */
  stateDir: string
  /** Start new chains: end and remove those of `stateDir` first. */
  reset: boolean
  /** The Bitcoin devnet's block interval (ms; 0 = only on demand). */
  bitcoinBlockIntervalMs: number
}

export interface StartServerParameters {
  config: ServerConfig
  /** Starts the demo chains; defaults to @paylink/devnet's startDevnet (loaded only when needed). */
  startDevnet?: (options: StartDevnetOptions) => Promise<DevnetHandle>
  /**
   * `npm start -- --reset` / PAYLINK_RESET=1: start the demo from scratch, removing its database
   * and chains first. Refused (ConfigError) outside the demo on PGlite.
   */
  reset?: boolean
  /** Where the one "running at" line goes (default: stdout). */
  print?: (line: string) => void
  /** Fastify's log level; defaults to the config's. */
  logLevel?: ServerConfig['logLevel'] | undefined
}

export interface RunningServer {
  app: FastifyInstance
  /** The address actually bound (differs from publicOrigin behind a proxy or with port 0). */
  address: string
  devnet: DevnetHandle | null
  /** Stops the HTTP server, then the database, then the devnet. Safe to call twice. */
  close(): Promise<void>
}

async function loadStartDevnet(options: StartDevnetOptions): Promise<DevnetHandle> {
  // Imported here so a production server never loads it. The chains run in a process of their
  // own, like the external nodes they stand in for: this process holds the server alone.
  const { startDevnetProcess } = await import('@paylink/devnet/process')
  const { DevnetError } = await import('@paylink/devnet/errors')
  try {
    const { bitcoinBlockIntervalMs, ...rest } = options
    return await (startDevnetProcess({
      ...rest,
      bitcoin: { blockIntervalMs: bitcoinBlockIntervalMs },
    }) satisfies Promise<DevnetHandle>)
  } catch (error) {
    // A devnet in use by another server or an unreadable saved chain is the operator's to fix.
    if (error instanceof DevnetError) throw new ConfigError(error.message, { cause: error })
    throw error
  }
}

/** Devnet (if on), database, app, listen: the whole process, minus signal handling. */
export async function startServer({
  config,
  startDevnet = loadStartDevnet,
  print = (line) => process.stdout.write(`${line}\n`),
  logLevel = config.logLevel,
  reset = false,
}: StartServerParameters): Promise<RunningServer> {
  const cleanups: Array<() => Promise<void>> = []
  const close = once(async () => {
    const failures: unknown[] = []
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => failures.push(error))
    if (failures.length) throw new AggregateError(failures, 'Paylink did not shut down cleanly')
  })

  try {
    const devnetStateDir = join(config.dataDir, 'devnet')
    if (reset) {
      if (config.databaseUrl)
        throw new ConfigError(
          '--reset (PAYLINK_RESET) will not wipe a Postgres database: it only resets the demo on PGlite (unset DATABASE_URL)',
        )
      if (!config.devnet)
        throw new ConfigError('--reset (PAYLINK_RESET) only resets the demo: it needs the devnet on (PAYLINK_DEVNET=1)')
      print(`Resetting the demo: removing ${config.pgliteDir} and ${devnetStateDir} (database and devnet chains)`)
    }
    // The chains go first: a reset ends chains left running before their states are removed.
    const devnet = config.devnet
      ? await startDevnet({ stateDir: devnetStateDir, reset, bitcoinBlockIntervalMs: config.bitcoinDevnetBlockMs })
      : null
    if (devnet) cleanups.push(() => devnet.stop())
    const demo = devnet ? devnetNetworks(devnet) : null

    const networks = [...(demo?.networks ?? []), ...config.networks]
    const taken = new Set<string>()
    for (const network of networks) {
      if (taken.has(network.caipNetworkId)) {
        throw new ConfigError(
          `PAYLINK_CONFIG configures ${network.caipNetworkId}, which the devnet already provides; remove it or set PAYLINK_DEVNET=0`,
        )
      }
      taken.add(network.caipNetworkId)
    }

    // The demo deploys its own factory as its chain starts; an operator's networks are checked.
    await checkDepositFactories({
      networks: config.networks,
      onUnchecked: (network, error) =>
        print(
          `Warning: could not check the deposit factory on ${network.name} (${network.caipNetworkId}): ${error.message.split('\n')[0]}`,
        ),
    })

    if (reset) rmSync(config.pgliteDir, { recursive: true, force: true })
    const database: Database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir })
    cleanups.push(() => database.close())
    const assets = [...(demo?.assets ?? []), ...config.assets]
    const settings = sharedSettingsOf({
      publicOrigins: config.publicOrigins,
      webhookAllowHttp: config.webhookAllowHttp,
      webhookAllowPrivateAddresses: config.webhookAllowPrivateAddresses,
      networks,
      assets,
    })
    const membership = await joinCluster(database.db, { settings })
    cleanups.push(() => membership.leave())

    const faucets = devnet && demo ? devnetFaucets(devnet, demo.upstreams) : null
    const demoGasKey = faucets && !config.x402EvmPrivateKey ? generatePrivateKey() : null
    const x402EvmPrivateKey = config.x402EvmPrivateKey ?? demoGasKey
    const demoSolanaGasKey = faucets && !config.x402SolanaSecretKey ? generateSolanaKeypair() : null
    const x402SolanaSecretKey = config.x402SolanaSecretKey ?? demoSolanaGasKey
    const demoCollectorKey = faucets && !config.subscriptionCollectorPrivateKey ? generatePrivateKey() : null
    const collectorPrivateKey = config.subscriptionCollectorPrivateKey ?? demoCollectorKey
    const demoSolanaCollectorKey =
      faucets && !config.subscriptionCollectorSolanaSecretKey ? generateSolanaKeypair() : null
    const collectorSolanaSecretKey = config.subscriptionCollectorSolanaSecretKey ?? demoSolanaCollectorKey
    let appLog: FastifyInstance['log'] | null = null
    const app = await buildApp({
      publicOrigin: config.publicOrigin,
      publicOrigins: config.publicOrigins,
      projectId: config.projectId,
      demo: devnet !== null,
      networks,
      assets,
      database,
      webDist: config.webDist,
      logLevel,
      siwx: { sessionTtlSeconds: config.siwxSessionTtlSeconds, statement: config.siwxStatement },
      merchants: config.merchants,
      webhooks: { allowHttp: config.webhookAllowHttp, allowPrivateAddresses: config.webhookAllowPrivateAddresses },
      limits: {
        maxOpenLinksPerMerchant: config.maxOpenLinksPerMerchant,
        maxApiKeysPerMerchant: config.maxApiKeysPerMerchant,
      },
      trustProxy: config.trustProxy,
      metricsToken: config.metricsToken,
      latePaymentGraceSeconds: config.latePaymentGraceSeconds,
      // Rate sources that fail or are dropped as outliers are logged as warnings through the app's logger.
      quotes: {
        rates: rateProviderFor(config, devnet !== null, (fields, message) => appLog?.warn(fields, message)),
        ttlSeconds: config.quoteTtlSeconds,
      },
      ...(devnet && demo
        ? {
            devnetUpstreams: demo.upstreams,
            devnetFaucets: faucets ?? [],
            devnetMiners: devnetMiners(devnet),
          }
        : {}),
      ...(x402EvmPrivateKey
        ? {
            x402: {
              evmPrivateKey: x402EvmPrivateKey,
              lowGas: config.x402LowGas,
              ...(x402SolanaSecretKey ? { solanaSecretKey: x402SolanaSecretKey } : {}),
            },
          }
        : {}),
      subscriptions: {
        ...(collectorPrivateKey ? { collectorPrivateKey } : {}),
        ...(collectorSolanaSecretKey ? { collectorSolanaSecretKey } : {}),
        devnetClock: devnet !== null,
      },
      ...(config.smtpUrl ? { receiptEmail: { smtpUrl: config.smtpUrl, from: config.receiptEmailFrom } } : {}),
    })
    cleanups.push(() => app.close())
    appLog = app.log

    const address = await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `listening on ${address}`,
    })
    // In the background: the facilitator answers meanwhile, and a faucet that fails leaves the demo up (settling then fails for gas).
    if ((demoGasKey || demoSolanaGasKey) && faucets)
      void fundDemoGasKey({ evmPrivateKey: demoGasKey, solanaSecretKey: demoSolanaGasKey }, faucets, assets).catch(
        (error: Error) => app.log.warn({ err: error }, 'the x402 facilitator gas key of the demo was not funded'),
      )
    if ((demoCollectorKey || demoSolanaCollectorKey) && faucets)
      void fundDemoGasKey(
        { evmPrivateKey: demoCollectorKey, solanaSecretKey: demoSolanaCollectorKey },
        faucets,
        assets,
      ).catch((error: Error) =>
        app.log.warn({ err: error }, 'the subscriptions collector key of the demo was not funded'),
      )
    // Payment tracking, webhook delivery and renewals run in every process; they share the work through the database.
    app.paymentLinks.start()
    app.subscriptions.start()
    print(`Paylink is running at ${config.publicOrigin}${devnet ? ' (demo: devnet with Dev Wallet)' : ''}`)
    return { app, address, devnet, close }
  } catch (error) {
    await close().catch(() => {})
    throw error
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => (running ??= fn())
}

/**
 * The demo prices from its fixed table and never calls out; a real instance asks the configured
 * public sources (RATE_SOURCES), each within 2 s.
 */
function rateProviderFor(
  config: ServerConfig,
  demo: boolean,
  log: (fields: Record<string, unknown>, message: string) => void,
): RateProvider {
  if (demo) {
    return createDevnetRates(
      Object.fromEntries(
        Object.entries(config.devnetRates).map(([base, rates]) => [
          base,
          Object.fromEntries(Object.entries(rates).map(([currency, rate]) => [currency, parseRate(rate)])),
        ]),
      ),
    )
  }
  return createMarketRates({
    sources: config.rateSources.map((name) => marketRateSources[name]!),
    fetchText: (url, signal) => fetch(url, { signal, headers: { accept: 'application/json' } }),
    cacheMs: config.rateCacheSeconds * 1000,
    outlierPercent: config.rateOutlierPercent,
    log,
  })
}
