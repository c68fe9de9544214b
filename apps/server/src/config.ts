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
import { chainCores } from '@paylink/chains/core'
import { parseUnits } from '@paylink/chains/money'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { ConfigError } from './errors.js'
import { formatIssuePath } from './lib/formatIssuePath.js'
import { serverRoot } from './serverRoot.js'
import { defaultLowGas, type LowGas } from './x402/x402Gas.js'

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
  /** X402_EVM_PRIVATE_KEY: the x402 facilitator's gas key (it pays gas, never receives); unset, no /x402/facilitator (the demo makes one). */
  x402EvmPrivateKey: `0x${string}` | null
  /** COLLECTOR_PRIVATE_KEY: pays the gas of automatic subscription renewals (never receives); unset, none are offered (the demo makes one). */
  subscriptionCollectorPrivateKey: `0x${string}` | null
  /** COLLECTOR_SOLANA_SECRET_KEY: the SPL delegate of automatic renewals on Solana, paying their fees (64-byte keypair); unset, none on Solana (the demo makes one). */
  subscriptionCollectorSolanaSecretKey: Uint8Array | null
  /** X402_SOLANA_SECRET_KEY: the facilitator's fee payer on every configured Solana network (64-byte keypair); unset, no Solana x402 (the demo makes one). */
  x402SolanaSecretKey: Uint8Array | null
  /** X402_LOW_GAS_EVM / X402_LOW_GAS_SOLANA (in the coin, default 0.01 each): under these /api/health and the dashboard warn that a gas key is low. */
  x402LowGas: LowGas
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
  const settings = readEnv(env)
  const publicOrigins = settings.PUBLIC_ORIGIN ?? demoOrigins(settings.PORT, settings.HOST, hostAddresses)
  const publicOrigin = publicOrigins[0]!
  const dataDir = resolve(cwd, settings.DATA_DIR)
  const configFile = settings.PAYLINK_CONFIG ? resolve(cwd, settings.PAYLINK_CONFIG) : null
  const file = configFile ? readConfigFile(configFile) : configFileSchema.parse({})
  const devnet = settings.PAYLINK_DEVNET ?? file.devnet ?? file.networks.length === 0
  // The Solana scheme joins the facilitator that the EVM key turns on (the demo makes one).
  if (settings.X402_SOLANA_SECRET_KEY && !settings.X402_EVM_PRIVATE_KEY && !devnet)
    throw new ConfigError(
      'X402_SOLANA_SECRET_KEY needs X402_EVM_PRIVATE_KEY too: the x402 facilitator is on only with an EVM gas key',
    )

  return {
    port: settings.PORT,
    host: settings.HOST,
    publicOrigin,
    publicOrigins,
    databaseUrl: settings.DATABASE_URL,
    dataDir,
    pgliteDir: resolve(dataDir, 'pglite'),
    projectId: settings.REOWN_PROJECT_ID,
    logLevel: settings.LOG_LEVEL,
    webDist: settings.WEB_DIST ? resolve(cwd, settings.WEB_DIST) : defaultWebDist,
    devnet,
    bitcoinDevnetBlockMs: settings.BITCOIN_DEVNET_BLOCK_MS,
    networks: file.networks,
    assets: file.assets,
    configFile,
    siwxSessionTtlSeconds: settings.SIWX_SESSION_TTL_SECONDS,
    siwxStatement: settings.SIWX_STATEMENT,
    merchants: settings.MERCHANTS,
    // The demo's receivers run on this machine over http; a real instance must not call those.
    webhookAllowHttp: settings.WEBHOOK_ALLOW_HTTP ?? devnet,
    webhookAllowPrivateAddresses: settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ?? devnet,
    maxOpenLinksPerMerchant: settings.MAX_OPEN_LINKS_PER_MERCHANT,
    maxApiKeysPerMerchant: settings.MAX_API_KEYS_PER_MERCHANT,
    metricsToken: settings.METRICS_TOKEN,
    x402EvmPrivateKey: settings.X402_EVM_PRIVATE_KEY,
    x402SolanaSecretKey: settings.X402_SOLANA_SECRET_KEY,
    subscriptionCollectorPrivateKey: settings.COLLECTOR_PRIVATE_KEY,
    subscriptionCollectorSolanaSecretKey: settings.COLLECTOR_SOLANA_SECRET_KEY,
    x402LowGas: {
      evmWei: settings.X402_LOW_GAS_EVM ?? defaultLowGas.evmWei,
      solanaLamports: settings.X402_LOW_GAS_SOLANA ?? defaultLowGas.solanaLamports,
    },
    trustProxy: settings.TRUST_PROXY,
    quoteTtlSeconds: settings.QUOTE_TTL_SECONDS,
    rateOutlierPercent: settings.RATE_OUTLIER_PERCENT,
    // A copy: the default list is one array, shared by every load.
    rateSources: [...settings.RATE_SOURCES],
    rateCacheSeconds: settings.RATE_CACHE_SECONDS,
    latePaymentGraceSeconds: settings.LATE_PAYMENT_GRACE_SECONDS,
    devnetRates: file.devnetRates ?? defaultDevnetRates,
    smtpUrl: settings.SMTP_URL,
    receiptEmailFrom: settings.RECEIPT_EMAIL_FROM ?? `Paylink receipts <receipts@${new URL(publicOrigin).hostname}>`,
  }
}

/** Says what is wrong with a variable's value: the sentence after its name. */
type Invalid = (problem: string) => never

/** A variable unset or blank is unset; a value is read trimmed. */
const variable = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)

/** A variable that is `fallback` when unset, else what `read` makes of its value. */
function setting<T, F = T>(fallback: F, read: (value: string, invalid: Invalid) => T) {
  return variable.transform((value, context): T | F => {
    if (value === undefined) return fallback
    return read(value, (problem) => {
      context.addIssue({ code: 'custom', message: problem, input: value })
      return z.NEVER
    })
  })
}

function integer(min: number, max: number, fallback: number) {
  return setting(fallback, (value, invalid) => {
    const number = /^\d+$/.test(value) ? Number(value) : Number.NaN
    if (!Number.isSafeInteger(number) || number < min || number > max)
      return invalid(`must be an integer from ${min} to ${max} (got "${value}")`)
    return number
  })
}

/** A decimal amount of a coin (at most `decimals` digits after the point), in atomic units. */
function coinAmount(decimals: number) {
  return (value: string, invalid: Invalid): bigint => {
    if (value.length > 40 || !isDecimalString(value))
      return invalid(`must be a decimal amount such as "0.01" (got "${value}")`)
    try {
      return parseUnits(value, decimals)
    } catch {
      return invalid(`must have at most ${decimals} digits after the point (got "${value}")`)
    }
  }
}

/** `0` or `1`; unset leaves the choice to the caller's default. */
const flag = setting(undefined, (value, invalid) => {
  if (value === '1') return true
  if (value === '0') return false
  return invalid(`must be 0 or 1 (got "${value}")`)
})

/** Every environment variable the server reads, in the order a bad one is reported. */
const envSchema = z.object({
  PORT: integer(1, 65_535, 3000),
  HOST: setting('127.0.0.1', (value) => value),
  PUBLIC_ORIGIN: setting(undefined, readOrigins),
  DATABASE_URL: setting(null, (value, invalid) =>
    /^postgres(ql)?:\/\/./.test(value)
      ? value
      : invalid(`must be a postgres:// URL, or unset for the embedded database (got "${redactUrl(value)}")`),
  ),
  DATA_DIR: setting('.data', (value) => value),
  REOWN_PROJECT_ID: setting(null, (value, invalid) =>
    /^[0-9a-f]{32}$/i.test(value)
      ? value
      : invalid(`must be 32 hexadecimal characters from dashboard.reown.com (got "${value}")`),
  ),
  LOG_LEVEL: setting<LogLevel>('info', (value, invalid) => {
    const level = value.toLowerCase()
    return (logLevels as readonly string[]).includes(level)
      ? (level as LogLevel)
      : invalid(`must be one of ${logLevels.join(', ')} (got "${value}")`)
  }),
  WEB_DIST: variable,
  PAYLINK_CONFIG: variable,
  SIWX_SESSION_TTL_SECONDS: integer(60, 31_536_000, 86_400),
  SIWX_STATEMENT: setting('Sign in to Paylink', (value, invalid) =>
    // EIP-4361: one line of printable text (it sits between blank lines of the message).
    value.length <= 200 && /^[\x20-\x7e]+$/.test(value)
      ? value
      : invalid(`must be one line of at most 200 printable ASCII characters (got "${value}")`),
  ),
  PAYLINK_DEVNET: flag,
  /** A block interval in ms: 0 (blocks only on demand) or 100 to 3,600,000. */
  BITCOIN_DEVNET_BLOCK_MS: setting(10_000, (value, invalid) => {
    const ms = /^\d+$/.test(value) ? Number(value) : Number.NaN
    if (!Number.isSafeInteger(ms) || (ms !== 0 && (ms < 100 || ms > 3_600_000)))
      return invalid(
        `must be 0 (blocks only on demand) or a number of milliseconds from 100 to 3600000 (got "${value}")`,
      )
    return ms
  }),
  MERCHANTS: setting(null, readMerchants),
  WEBHOOK_ALLOW_HTTP: flag,
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: flag,
  MAX_OPEN_LINKS_PER_MERCHANT: integer(1, 1_000_000, 1000),
  MAX_API_KEYS_PER_MERCHANT: integer(1, 1_000_000, 20),
  // The token is never echoed: a mistyped one in an error message would be a leaked one.
  METRICS_TOKEN: setting(null, (value, invalid) =>
    /^[\x21-\x7e]{16,}$/.test(value) ? value : invalid('must be at least 16 printable characters without spaces'),
  ),
  // Like METRICS_TOKEN, never echoed.
  X402_EVM_PRIVATE_KEY: setting<`0x${string}` | null>(null, (value, invalid) =>
    /^0x[0-9a-fA-F]{64}$/.test(value) ? (value as `0x${string}`) : invalid('must be 0x and 64 hex digits'),
  ),
  X402_SOLANA_SECRET_KEY: setting<Uint8Array | null>(null, readSolanaKeypair),
  // Like METRICS_TOKEN, never echoed.
  COLLECTOR_PRIVATE_KEY: setting<`0x${string}` | null>(null, (value, invalid) =>
    /^0x[0-9a-fA-F]{64}$/.test(value) ? (value as `0x${string}`) : invalid('must be 0x and 64 hex digits'),
  ),
  COLLECTOR_SOLANA_SECRET_KEY: setting<Uint8Array | null>(null, readSolanaKeypair),
  X402_LOW_GAS_EVM: setting<bigint | null>(null, coinAmount(18)),
  X402_LOW_GAS_SOLANA: setting<bigint | null>(null, coinAmount(9)),
  TRUST_PROXY: setting<TrustProxy>(false, readTrustProxy),
  QUOTE_TTL_SECONDS: integer(10, 86_400, 900),
  RATE_CACHE_SECONDS: integer(0, 3600, 30),
  LATE_PAYMENT_GRACE_SECONDS: integer(0, 30 * 24 * 3600, 0),
  RATE_OUTLIER_PERCENT: setting('5', (value, invalid) =>
    /^\d{1,2}(\.\d{1,2})?$/.test(value) && value.replace(/[0.]/g, '') !== ''
      ? value
      : invalid(`must be a percentage above 0 and below 100 with at most 2 decimals (got "${value}")`),
  ),
  RATE_SOURCES: setting([...knownRateSources], (value, invalid) => {
    const names = value.split(',').map((name) => name.trim().toLowerCase())
    for (const name of names) {
      if (!(knownRateSources as readonly string[]).includes(name))
        return invalid(`names "${name}"; known sources: ${knownRateSources.join(', ')}`)
    }
    const sources = [...new Set(names)]
    if (sources.length < 2) return invalid('must name at least two sources: a quote needs two that agree')
    return sources
  }),
  SMTP_URL: setting(null, (value, invalid) =>
    /^smtps?:\/\/[^/]+/.test(value)
      ? value
      : invalid(
          `must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465, or unset to offer no email receipts (got "${redactUrl(value)}")`,
        ),
  ),
  RECEIPT_EMAIL_FROM: variable,
})

/** The environment read once, or ConfigError naming the first variable at fault. */
function readEnv(env: Env): z.infer<typeof envSchema> {
  const parsed = envSchema.safeParse(env)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const name = String(issue.path[0])
  // A problem is the sentence after the name ("must be …"), or after "NAME:" when it quotes an entry.
  const message = issue.message.startsWith(':') ? `${name}${issue.message}` : `${name} ${issue.message}`
  throw new ConfigError(message, { cause: parsed.error })
}

/**
 * TRUST_PROXY: unset or `0`, nobody (the socket's address is the client's); a number, that many
 * proxy hops in front; otherwise the proxies' IP addresses or CIDR ranges, comma-separated.
 * Rate limits count per client IP, so behind a proxy without this every client shares one bucket,
 * and trusting more than the real proxies lets a client choose its own IP.
 */
function readTrustProxy(value: string, invalid: Invalid): TrustProxy {
  if (value === '0') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10) return invalid(`must be a hop count from 0 to 10 or proxy addresses (got "${value}")`)
    return hops
  }
  const entries = value.split(',').map((e) => e.trim())
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/')
    const ip = isIP(address ?? '')
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (ip === 6 ? 128 : 32))
    if (!ip || !bitsOk || rest.length > 0)
      return invalid(`must be a hop count or comma-separated proxy addresses / CIDR ranges (got "${entry}")`)
  }
  return entries
}

/** PUBLIC_ORIGIN: one origin or several, comma-separated, the first canonical. */
function readOrigins(value: string, invalid: Invalid): string[] {
  const origins = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => readOrigin(entry, invalid))
  if (origins.length === 0) return invalid(`must be an http(s) origin such as https://pay.example.com (got "${value}")`)
  return [...new Set(origins)]
}

function readOrigin(value: string, invalid: Invalid): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return invalid(`must be an http(s) origin such as https://pay.example.com (got "${value}")`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash)
    return invalid(`must be an http(s) origin without a path, such as https://pay.example.com (got "${value}")`)
  return url.origin
}

/**
 * PUBLIC_ORIGIN unset: the demo on this machine, reachable as localhost and 127.0.0.1 (browsers
 * treat them as different sites) and, when HOST listens beyond loopback, at the machine's
 * addresses (a phone on the same network).
 */
function demoOrigins(port: number, host: string, hostAddresses: () => string[]): string[] {
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

/** Keeps a password out of error messages and logs. */
function redactUrl(value: string): string {
  return value.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@')
}

/**
 * MERCHANTS: comma-separated CAIP-10 accounts (`eip155:1:0xAbC…`, `solana:<ref>:<address>`) or
 * plain EVM addresses, as merchant ids (`namespace:address`, EVM checksummed: a merchant is
 * chain-independent, so the CAIP-10 reference is dropped).
 */
function readMerchants(value: string, invalid: Invalid): string[] {
  const ids = new Set<string>()
  // A plain entry is an EVM address: merchants signed in with an EVM wallet before CAIP-10 ids.
  const evm = chainCores.eip155.namespace
  for (const raw of value.split(',')) {
    const entry = raw.trim()
    if (!entry) continue
    const parts = entry.split(':')
    let namespace: string
    let address: string
    if (parts.length === 1) [namespace, address] = [evm, entry]
    else if (
      parts.length === 3 &&
      /^[-a-z0-9]{3,8}$/.test(parts[0]!) &&
      /^[-_a-zA-Z0-9]{1,32}$/.test(parts[1]!) &&
      parts[2]
    ) {
      ;[namespace, address] = [parts[0]!, parts[2]]
    } else {
      return invalid(`must list CAIP-10 accounts (eip155:1:0x…) or 0x addresses, separated by commas (got "${entry}")`)
    }
    if (namespace === evm) {
      if (!isAddress(address, { strict: false })) {
        return invalid(
          `: "${entry}" is not an EVM address (plain entries must be 0x addresses; use CAIP-10 for other chains)`,
        )
      }
      address = getAddress(address)
    } else if (!/^[1-9A-HJ-NP-Za-km-z]{25,64}$|^[a-z0-9]{14,90}$/.test(address)) {
      return invalid(`: "${entry}" does not end in an address`)
    }
    ids.add(`${namespace}:${address}`)
  }
  if (ids.size === 0) return invalid('is set but lists no account; unset it for an open instance')
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

/**
 * A Solana keypair as `solana-keygen` writes it (a JSON array of 64 bytes) or as wallets export it
 * (base58 of the same 64 bytes): the secret key, then its public key. Never echoed.
 */
function readSolanaKeypair(value: string, invalid: Invalid): Uint8Array {
  let bytes: Uint8Array
  try {
    const json: unknown = value.startsWith('[') ? JSON.parse(value) : null
    bytes =
      json === null
        ? base58.decode(value)
        : Array.isArray(json) && json.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
          ? Uint8Array.from(json as number[])
          : new Uint8Array()
  } catch {
    return invalid('must be a 64-byte keypair: a JSON array of 64 numbers or base58')
  }
  if (bytes.length !== 64) return invalid('must be a 64-byte keypair: a JSON array of 64 numbers or base58')
  const publicKey = ed25519.getPublicKey(bytes.subarray(0, 32))
  if (!publicKey.every((b, i) => b === bytes[32 + i]))
    return invalid('its last 32 bytes are not the public key of its first 32 (a keypair, secret then public)')
  return bytes
}
