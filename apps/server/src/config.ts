import { isIP } from 'node:net'
import { readFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  assetSchema,
  fiatCurrencyCodes,
  isDecimalString,
  networkSchema,
  withRpcUrlFromList,
  type Asset,
  type FiatCurrency,
  type Network,
} from '@paylink/shared'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { ConfigError } from './errors.js'
import { formatIssuePath } from './lib/formatIssuePath.js'
import { serverRoot } from './serverRoot.js'

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

/** Everything the server process needs, read once from the environment at start. */
export interface ServerConfig {
  port: number
  host: string
  /** Where browsers reach the app, without a trailing slash, e.g. `http://localhost:3000`: the canonical origin, used in the links the server prints. */
  publicOrigin: string
  /**
   * Every origin browsers may use (publicOrigin first): sign-in messages and cookie-carrying writes
   * are accepted from each. PUBLIC_ORIGIN lists them comma-separated; unset, the demo's
   * `http://localhost:<port>` and `http://127.0.0.1:<port>`, plus the machine's own addresses when HOST
   * listens on all of them.
   */
  publicOrigins: string[]
  /** A postgres:// URL, or null for the embedded PGlite database under `dataDir`. */
  databaseUrl: string | null
  dataDir: string
  /** The PGlite data directory (`${dataDir}/pglite`), used when `databaseUrl` is null. */
  pgliteDir: string
  /** Reown (WalletConnect) project id; null keeps the app offline-capable (injected wallets only). */
  projectId: string | null
  logLevel: LogLevel
  webDist: string
  /** Start the local anvil chains and the Dev Wallet demo. */
  devnet: boolean
  /** The demo's Bitcoin devnet mines a block every this many ms (BITCOIN_DEVNET_BLOCK_MS; default 10000; 0: only on `POST /devnet/mine`). */
  bitcoinDevnetBlockMs: number
  networks: Network[]
  assets: Asset[]
  /** Absolute path of the JSON config file read, if any. */
  configFile: string | null
  /** Longest a wallet sign-in session lasts (SIWX_SESSION_TTL_SECONDS). */
  siwxSessionTtlSeconds: number
  /** The statement line of the sign-in message (SIWX_STATEMENT). */
  siwxStatement: string
  /**
   * Merchant ids (`eip155:0xChecksummed`, `solana:<address>`, …) allowed to create links and
   * manage API keys (MERCHANTS); null: any signed-in account may (an open instance).
   */
  merchants: string[] | null
  /** Webhook URLs may be plain http (WEBHOOK_ALLOW_HTTP; default on only for the devnet demo). */
  webhookAllowHttp: boolean
  /** Webhooks may reach loopback/private/link-local addresses (WEBHOOK_ALLOW_PRIVATE_ADDRESSES; default as above). */
  webhookAllowPrivateAddresses: boolean
  /** Links per merchant that are open or partially paid and not expired (MAX_OPEN_LINKS_PER_MERCHANT). */
  maxOpenLinksPerMerchant: number
  /** Live API keys per merchant (MAX_API_KEYS_PER_MERCHANT). */
  maxApiKeysPerMerchant: number
  /** METRICS_TOKEN (16+ characters): GET /metrics answers a scraper sending it as a Bearer token; unset, no /metrics. */
  metricsToken: string | null
  /** Which proxies' X-Forwarded-For to believe for the client's IP (TRUST_PROXY); false: none. */
  trustProxy: TrustProxy
  /** How long a fiat-priced link's quote is offered (QUOTE_TTL_SECONDS, default 900). */
  quoteTtlSeconds: number
  /** A rate source this many percent from the median is dropped (RATE_OUTLIER_PERCENT, default "5"). */
  rateOutlierPercent: string
  /** The public rate sources asked, by name (RATE_SOURCES; default coinbase,kraken,bitstamp,coingecko). */
  rateSources: string[]
  /** How long one source's answer is reused (RATE_CACHE_SECONDS, default 30). */
  rateCacheSeconds: number
  /** Default grace after expiry during which late payments count (LATE_PAYMENT_GRACE_SECONDS, default 0: they do not). */
  latePaymentGraceSeconds: number
  /** The demo's fixed rates (PAYLINK_CONFIG `devnetRates`, else a built-in table): ticker -> currency -> decimal. */
  devnetRates: DevnetRateTable
  /** smtp:// or smtps:// URL (SMTP_URL) the payer's receipt is emailed through; null: no email receipts offered. */
  smtpUrl: string | null
  /** The From of receipt emails (RECEIPT_EMAIL_FROM; default `Paylink receipts <receipts@<PUBLIC_ORIGIN's host>>`). */
  receiptEmailFrom: string
}

export type DevnetRateTable = Record<string, Partial<Record<FiatCurrency, string>>>

/** The demo's rates when PAYLINK_CONFIG gives none: round figures, not market prices. */
export const defaultDevnetRates: DevnetRateTable = {
  ETH: { USD: '3000', EUR: '2750', GBP: '2400', JPY: '450000', CHF: '2650', CAD: '4150', AUD: '4600' },
  SOL: { USD: '150', EUR: '137.5', GBP: '120', JPY: '22500', CHF: '132.5', CAD: '207.5', AUD: '230' },
  BTC: { USD: '60000', EUR: '55000', GBP: '48000', JPY: '9000000', CHF: '53000', CAD: '83000', AUD: '92000' },
}

export const knownRateSources = ['coinbase', 'kraken', 'bitstamp', 'coingecko'] as const

/** Fastify's `trustProxy`: a hop count, or the proxies' addresses / CIDR ranges. */
export type TrustProxy = false | number | string[]

export type Env = Record<string, string | undefined>

const defaultWebDist = fileURLToPath(new URL('../web/dist', serverRoot))

/**
 * Confirmations a Bitcoin network (`bip122:`) counts a payment at when its entry names none: two
 * blocks, the mainnet default of the issue (a one-block reorg is seen often enough on Bitcoin; the
 * demo's regtest devnet sets 1). Other families keep `confirmations` required.
 */
export const defaultBitcoinConfirmations = 2

/** A network as the PAYLINK_CONFIG file lists it: a Network, `confirmations` optional for Bitcoin. */
const configNetworkSchema = z.preprocess(
  withRpcUrlFromList,
  networkSchema
    .extend({ confirmations: networkSchema.shape.confirmations.optional() })
    .superRefine((network, context) => {
      if (network.confirmations === undefined && !network.caipNetworkId.startsWith('bip122:')) {
        context.addIssue({
          code: 'custom',
          path: ['confirmations'],
          message: `required (only Bitcoin networks, bip122:, default to ${defaultBitcoinConfirmations})`,
        })
      }
    })
    .transform((network): Network => ({
      ...network,
      confirmations: network.confirmations ?? defaultBitcoinConfirmations,
    })),
)

/** The JSON file named by PAYLINK_CONFIG. Unknown keys are refused so typos surface. */
export const configFileSchema = z.strictObject({
  devnet: z.boolean().optional(),
  networks: z.array(configNetworkSchema).default([]),
  assets: z.array(assetSchema).default([]),
  /** The demo's fixed rate table: { "ETH": { "USD": "3000" } }. Used only with the devnet on. */
  devnetRates: z
    .record(
      z.string().regex(/^[A-Z0-9]{1,16}$/),
      z.partialRecord(z.enum(fiatCurrencyCodes), z.string().refine(isDecimalString, 'a decimal string')),
    )
    .optional(),
})
export type ConfigFile = z.infer<typeof configFileSchema>

/**
 * Environment (and the optional PAYLINK_CONFIG file) -> a validated ServerConfig.
 * Throws ConfigError whose message names the variable at fault.
 */
export function loadConfig(
  env: Env = process.env,
  cwd: string = process.cwd(),
  hostAddresses: () => string[] = machineAddresses,
): ServerConfig {
  const port = readPort(env.PORT)
  const host = nonEmpty(env.HOST) ?? '127.0.0.1'
  const publicOrigins = readOrigins(nonEmpty(env.PUBLIC_ORIGIN), port, host, hostAddresses)
  const publicOrigin = publicOrigins[0]!
  const databaseUrl = readDatabaseUrl(nonEmpty(env.DATABASE_URL))
  const dataDir = resolve(cwd, nonEmpty(env.DATA_DIR) ?? '.data')
  const projectId = readProjectId(nonEmpty(env.REOWN_PROJECT_ID))
  const logLevel = readLogLevel(nonEmpty(env.LOG_LEVEL))
  const webDistEnv = nonEmpty(env.WEB_DIST)
  const webDist = webDistEnv ? resolve(cwd, webDistEnv) : defaultWebDist

  const configPath = nonEmpty(env.PAYLINK_CONFIG)
  const configFile = configPath ? resolve(cwd, configPath) : null
  const file = configFile ? readConfigFile(configFile) : configFileSchema.parse({})

  const siwxSessionTtlSeconds = readSessionTtl(nonEmpty(env.SIWX_SESSION_TTL_SECONDS))
  const siwxStatement = readStatement(env.SIWX_STATEMENT)

  const devnetOverride = readDevnetFlag(nonEmpty(env.PAYLINK_DEVNET))
  const devnet = devnetOverride ?? file.devnet ?? file.networks.length === 0
  const bitcoinDevnetBlockMs = readBlockInterval(
    'BITCOIN_DEVNET_BLOCK_MS',
    nonEmpty(env.BITCOIN_DEVNET_BLOCK_MS),
    10_000,
  )

  const merchants = readMerchants(nonEmpty(env.MERCHANTS))
  // The demo's receivers run on this machine over http; a real instance must not call those.
  const webhookAllowHttp = readFlag('WEBHOOK_ALLOW_HTTP', nonEmpty(env.WEBHOOK_ALLOW_HTTP)) ?? devnet
  const webhookAllowPrivateAddresses =
    readFlag('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', nonEmpty(env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES)) ?? devnet
  const maxOpenLinksPerMerchant = readCount(
    'MAX_OPEN_LINKS_PER_MERCHANT',
    nonEmpty(env.MAX_OPEN_LINKS_PER_MERCHANT),
    1000,
  )
  const maxApiKeysPerMerchant = readCount('MAX_API_KEYS_PER_MERCHANT', nonEmpty(env.MAX_API_KEYS_PER_MERCHANT), 20)
  const metricsToken = nonEmpty(env.METRICS_TOKEN) ?? null
  if (metricsToken !== null && (metricsToken.length < 16 || !/^[\x21-\x7e]+$/.test(metricsToken)))
    throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces')
  const trustProxy = readTrustProxy(nonEmpty(env.TRUST_PROXY))
  const quoteTtlSeconds = readRange('QUOTE_TTL_SECONDS', nonEmpty(env.QUOTE_TTL_SECONDS), 900, 10, 86_400)
  const rateCacheSeconds = readRange('RATE_CACHE_SECONDS', nonEmpty(env.RATE_CACHE_SECONDS), 30, 0, 3600)
  const latePaymentGraceSeconds = readRange(
    'LATE_PAYMENT_GRACE_SECONDS',
    nonEmpty(env.LATE_PAYMENT_GRACE_SECONDS),
    0,
    0,
    30 * 24 * 3600,
  )
  const rateOutlierPercent = nonEmpty(env.RATE_OUTLIER_PERCENT) ?? '5'
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(rateOutlierPercent) || rateOutlierPercent.replace(/[0.]/g, '') === '') {
    throw new ConfigError(
      `RATE_OUTLIER_PERCENT must be a percentage above 0 and below 100 with at most 2 decimals (got "${rateOutlierPercent}")`,
    )
  }
  const rateSources = (nonEmpty(env.RATE_SOURCES) ?? knownRateSources.join(','))
    .split(',')
    .map((name) => name.trim().toLowerCase())
  for (const name of rateSources) {
    if (!(knownRateSources as readonly string[]).includes(name))
      throw new ConfigError(`RATE_SOURCES names "${name}"; known sources: ${knownRateSources.join(', ')}`)
  }
  if (new Set(rateSources).size < 2)
    throw new ConfigError('RATE_SOURCES must name at least two sources: a quote needs two that agree')
  const smtpUrl = readSmtpUrl(nonEmpty(env.SMTP_URL))
  const receiptEmailFrom =
    nonEmpty(env.RECEIPT_EMAIL_FROM) ?? `Paylink receipts <receipts@${new URL(publicOrigin).hostname}>`

  return {
    port,
    host,
    publicOrigin,
    publicOrigins,
    databaseUrl,
    dataDir,
    pgliteDir: resolve(dataDir, 'pglite'),
    projectId,
    logLevel,
    webDist,
    devnet,
    bitcoinDevnetBlockMs,
    networks: file.networks,
    assets: file.assets,
    configFile,
    siwxSessionTtlSeconds,
    siwxStatement,
    merchants,
    webhookAllowHttp,
    webhookAllowPrivateAddresses,
    maxOpenLinksPerMerchant,
    maxApiKeysPerMerchant,
    metricsToken,
    trustProxy,
    quoteTtlSeconds,
    rateOutlierPercent,
    rateSources: [...new Set(rateSources)],
    rateCacheSeconds,
    latePaymentGraceSeconds,
    devnetRates: file.devnetRates ?? defaultDevnetRates,
    smtpUrl,
    receiptEmailFrom,
  }
}

function readRange(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(number) || number < min || number > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${value}")`)
  return number
}

/**
 * TRUST_PROXY: unset or `0`, nobody (the socket's address is the client's); a number, that many
 * proxy hops in front; otherwise the proxies' IP addresses or CIDR ranges, comma-separated.
 * Rate limits count per client IP, so behind a proxy without this every client shares one bucket,
 * and trusting more than the real proxies lets a client choose its own IP.
 */
function readTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '0') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10)
      throw new ConfigError(`TRUST_PROXY must be a hop count from 0 to 10 or proxy addresses (got "${value}")`)
    return hops
  }
  const entries = value.split(',').map((e) => e.trim())
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/')
    const ip = isIP(address ?? '')
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (ip === 6 ? 128 : 32))
    if (!ip || !bitsOk || rest.length > 0) {
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or comma-separated proxy addresses / CIDR ranges (got "${entry}")`,
      )
    }
  }
  return entries
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

function readPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000
  const port = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 1 to 65535 (got "${value}")`)
  }
  return port
}

/**
 * PUBLIC_ORIGIN: one origin or several, comma-separated, the first canonical. Unset: the demo on
 * this machine, reachable as localhost and 127.0.0.1 (browsers treat them as different sites) and,
 * when HOST listens beyond loopback, at the machine's addresses (a phone on the same network).
 */
function readOrigins(value: string | undefined, port: number, host: string, hostAddresses: () => string[]): string[] {
  if (value !== undefined) {
    const origins = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map(readOrigin)
    if (origins.length === 0)
      throw new ConfigError(`PUBLIC_ORIGIN must be an http(s) origin such as https://pay.example.com (got "${value}")`)
    return [...new Set(origins)]
  }
  const hosts = ['localhost', '127.0.0.1']
  if (host === '0.0.0.0' || host === '::') hosts.push(...hostAddresses())
  else if (isIP(host) && host !== '127.0.0.1') hosts.push(host)
  return [...new Set(hosts.map((h) => `http://${isIP(h) === 6 ? `[${h}]` : h}:${port}`))]
}

/** The machine's non-loopback addresses (IPv4, and IPv6 that is not link-local: those need a zone). */
function machineAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter(
      (i) => i !== undefined && !i.internal && (i.family === 'IPv4' || !i.address.toLowerCase().startsWith('fe80:')),
    )
    .map((i) => i!.address)
}

function readOrigin(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN must be an http(s) origin such as https://pay.example.com (got "${value}")`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(
      `PUBLIC_ORIGIN must be an http(s) origin without a path, such as https://pay.example.com (got "${value}")`,
    )
  }
  return url.origin
}

function readDatabaseUrl(value: string | undefined): string | null {
  if (value === undefined) return null
  if (!/^postgres(ql)?:\/\/./.test(value)) {
    throw new ConfigError(
      `DATABASE_URL must be a postgres:// URL, or unset for the embedded database (got "${redactUrl(value)}")`,
    )
  }
  return value
}

function readSmtpUrl(value: string | undefined): string | null {
  if (value === undefined) return null
  if (!/^smtps?:\/\/[^/]+/.test(value)) {
    throw new ConfigError(
      `SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465, or unset to offer no email receipts (got "${redactUrl(value)}")`,
    )
  }
  return value
}

/** Keeps a password out of error messages and logs. */
function redactUrl(value: string): string {
  return value.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@')
}

function readProjectId(value: string | undefined): string | null {
  if (value === undefined) return null
  if (!/^[0-9a-f]{32}$/i.test(value)) {
    throw new ConfigError(
      `REOWN_PROJECT_ID must be 32 hexadecimal characters from dashboard.reown.com (got "${value}")`,
    )
  }
  return value
}

function readLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info'
  const level = value.toLowerCase()
  if (!(logLevels as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${value}")`)
  }
  return level as LogLevel
}

function readSessionTtl(value: string | undefined): number {
  if (value === undefined) return 86_400
  const seconds = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(seconds) || seconds < 60 || seconds > 31_536_000) {
    throw new ConfigError(`SIWX_SESSION_TTL_SECONDS must be an integer from 60 to 31536000 (got "${value}")`)
  }
  return seconds
}

function readStatement(value: string | undefined): string {
  const statement = value?.trim() || 'Sign in to Paylink'
  // EIP-4361: one line of printable text (it sits between blank lines of the message).
  if (statement.length > 200 || !/^[\x20-\x7e]+$/.test(statement)) {
    throw new ConfigError(`SIWX_STATEMENT must be one line of at most 200 printable ASCII characters (got "${value}")`)
  }
  return statement
}

function readDevnetFlag(value: string | undefined): boolean | undefined {
  return readFlag('PAYLINK_DEVNET', value)
}

function readFlag(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  if (value === '1') return true
  if (value === '0') return false
  throw new ConfigError(`${name} must be 0 or 1 (got "${value}")`)
}

/** A block interval in ms: 0 (blocks only on demand) or 100 to 3,600,000. */
function readBlockInterval(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const ms = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(ms) || (ms !== 0 && (ms < 100 || ms > 3_600_000))) {
    throw new ConfigError(
      `${name} must be 0 (blocks only on demand) or a number of milliseconds from 100 to 3600000 (got "${value}")`,
    )
  }
  return ms
}

function readCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(count) || count < 1 || count > 1_000_000) {
    throw new ConfigError(`${name} must be an integer from 1 to 1000000 (got "${value}")`)
  }
  return count
}

/**
 * MERCHANTS: comma-separated CAIP-10 accounts (`eip155:1:0xAbC…`, `solana:<ref>:<address>`) or
 * plain EVM addresses, as merchant ids (`namespace:address`, EVM checksummed: a merchant is
 * chain-independent, so the CAIP-10 reference is dropped).
 */
export function readMerchants(value: string | undefined): string[] | null {
  if (value === undefined) return null
  const ids = new Set<string>()
  for (const raw of value.split(',')) {
    const entry = raw.trim()
    if (!entry) continue
    const parts = entry.split(':')
    let namespace: string
    let address: string
    if (parts.length === 1) [namespace, address] = ['eip155', entry]
    else if (
      parts.length === 3 &&
      /^[-a-z0-9]{3,8}$/.test(parts[0]!) &&
      /^[-_a-zA-Z0-9]{1,32}$/.test(parts[1]!) &&
      parts[2]
    ) {
      ;[namespace, address] = [parts[0]!, parts[2]]
    } else {
      throw new ConfigError(
        `MERCHANTS must list CAIP-10 accounts (eip155:1:0x…) or 0x addresses, separated by commas (got "${entry}")`,
      )
    }
    if (namespace === 'eip155') {
      if (!isAddress(address, { strict: false })) {
        throw new ConfigError(
          `MERCHANTS: "${entry}" is not an EVM address (plain entries must be 0x addresses; use CAIP-10 for other chains)`,
        )
      }
      address = getAddress(address)
    } else if (!/^[1-9A-HJ-NP-Za-km-z]{25,64}$|^[a-z0-9]{14,90}$/.test(address)) {
      throw new ConfigError(`MERCHANTS: "${entry}" does not end in an address`)
    }
    ids.add(`${namespace}:${address}`)
  }
  if (ids.size === 0) throw new ConfigError('MERCHANTS is set but lists no account; unset it for an open instance')
  return [...ids]
}

function readConfigFile(path: string): ConfigFile {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (cause) {
    throw new ConfigError(`PAYLINK_CONFIG names a file that cannot be read: ${path}`, { cause })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (cause) {
    throw new ConfigError(`PAYLINK_CONFIG file ${path} is not valid JSON: ${(cause as Error).message}`, { cause })
  }
  const parsed = configFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const where = issue.path.length ? formatIssuePath(issue.path) : '(top level)'
    throw new ConfigError(`PAYLINK_CONFIG file ${path}: ${where}: ${issue.message}`, { cause: parsed.error })
  }
  checkReferences(parsed.data, path)
  return parsed.data
}

/** Networks and assets must be unique, and every asset must sit on a configured network. */
function checkReferences(file: ConfigFile, path: string): void {
  const networkIds = new Set<string>()
  file.networks.forEach((network, i) => {
    if (networkIds.has(network.caipNetworkId)) {
      throw new ConfigError(
        `PAYLINK_CONFIG file ${path}: networks[${i}].caipNetworkId: "${network.caipNetworkId}" is configured twice`,
      )
    }
    networkIds.add(network.caipNetworkId)
  })
  const assetIds = new Set<string>()
  file.assets.forEach((asset, i) => {
    const where = `PAYLINK_CONFIG file ${path}: assets[${i}]`
    if (!networkIds.has(asset.caipNetworkId)) {
      throw new ConfigError(`${where}.caipNetworkId: "${asset.caipNetworkId}" is not a configured network`)
    }
    if (!asset.assetId.startsWith(`${asset.caipNetworkId}/`)) {
      throw new ConfigError(`${where}.assetId: "${asset.assetId}" is not on network "${asset.caipNetworkId}"`)
    }
    if (assetIds.has(asset.assetId)) {
      throw new ConfigError(`${where}.assetId: "${asset.assetId}" is configured twice`)
    }
    assetIds.add(asset.assetId)
  })
}
