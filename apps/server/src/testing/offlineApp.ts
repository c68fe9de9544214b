/**
 * An app that needs no chain: one EVM network whose RPC refuses connections at once (links can
 * be created, submissions stay pending), a Solana network for real sign-ins (ed25519 needs no
 * RPC), PGlite in memory. For tests of HTTP behaviour: limits, access, headers, fuzzing.
 */
import { parseRate, type Asset, type Network } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp, type AppConfig } from '../app.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import type { RateProvider } from '../rates/rateProvider.js'
import { signedSession, solanaSigner, type TestSigner } from '../siwx/testing/siwxTestKit.js'
import { regtestBtc, regtestChain, regtestNetwork } from './bitcoinRegtest.js'
import { testEvmNetwork } from '@paylink/shared/testing/testNetworks'

export const testOrigin = 'http://localhost:3000'
export const evmChain = 'eip155:31337'
export const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
// Port 9 (discard) on loopback: nothing listens, so every read fails fast.
const deadRpc = 'http://127.0.0.1:9'

/** A test network entry: `rpcUrl` read at 1 confirmation, Ether as its coin, named by its id unless told. */
export const testNetwork = (caipNetworkId: string, rpcUrl: string, name = caipNetworkId): Network =>
  testEvmNetwork(caipNetworkId, rpcUrl, { name })

export { regtestBtc, regtestChain }
/** Bitcoin on regtest with its Esplora unreachable: links and keys on it, no chain read. */
export const offlineRegtestNetwork: Network = regtestNetwork(deadRpc, 'Bitcoin regtest')

/** A network's own coin, by its SLIP-44 number. */
const nativeOn = (caipNetworkId: string, slip44: number, symbol: string, name: string, decimals: number): Asset => ({
  assetId: `${caipNetworkId}/slip44:${slip44}`,
  caipNetworkId,
  symbol,
  name,
  decimals,
  native: true,
})

/** The devnets' Test USD (6 decimals) on `caipNetworkId`, at its token's CAIP-19 reference. */
const testUsdOn = (caipNetworkId: string, reference: string): Asset => ({
  assetId: `${caipNetworkId}/${reference}`,
  caipNetworkId,
  symbol: 'TUSD',
  name: 'Test USD',
  decimals: 6,
  native: false,
})

/** SOL and an SPL Test USD on the offline Solana network (its RPC unreachable: links on it, no chain read). */
export const offlineSolanaAssets: Asset[] = [
  nativeOn(solanaChain, 501, 'SOL', 'Solana', 9),
  testUsdOn(solanaChain, 'token:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
]

/** Rates read from `table` ('ETH:USD' -> '3000') at each quote, so a test can change them between quotes. */
export function tableRates(table: ReadonlyMap<string, string>): RateProvider {
  return {
    async rate(base, currency) {
      const rate = table.get(`${base}:${currency}`)
      return rate
        ? { ok: true, rate: parseRate(rate), source: 'test table' }
        : { ok: false, problem: `No ${base} price in ${currency}.` }
    },
  }
}

export const offlineAssets: Asset[] = [
  nativeOn(evmChain, 60, 'ETH', 'Ether', 18),
  testUsdOn(evmChain, 'erc20:0x5FbDB2315678afecb367f032d93F642f64180aa3'),
]

/** A POST /api/links body of one option: `amount` of offlineAssets[1] to the devnet's first account. */
export const offlineLinkBody = (title: string, amount: string) => ({
  title,
  options: [{ asset: offlineAssets[1]!.assetId, amount, recipient: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }],
})

export function offlineAppConfig(database: Database, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    publicOrigin: testOrigin,
    projectId: null,
    demo: false,
    networks: [testNetwork(evmChain, deadRpc, 'Test EVM'), testNetwork(solanaChain, deadRpc, 'Test Solana')],
    assets: offlineAssets,
    database,
    webDist: '/nonexistent',
    chainTimeoutMs: 200,
    paymentLinks: { submitCheckTimeoutMs: 200, tracker: { rpcTimeoutMs: 200 } },
    ...overrides,
  }
}

export async function buildOfflineApp(
  database: Database,
  overrides: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  return buildApp(offlineAppConfig(database, overrides))
}

/** Signs a new Solana wallet in through the real routes; returns the Cookie header value and the signer. */
export async function signInSolana(
  app: FastifyInstance,
  signer: TestSigner = solanaSigner(),
): Promise<{ cookie: string; signer: TestSigner; merchantId: string }> {
  const nonce = await app.inject({ method: 'GET', url: '/api/siwx/nonce' })
  if (nonce.statusCode !== 200) throw new Error(`nonce: ${nonce.statusCode} ${nonce.body}`)
  const session = await signedSession(signer, {
    domain: new URL(testOrigin).host,
    statement: 'Sign in to Paylink',
    uri: testOrigin,
    version: '1',
    chainId: solanaChain,
    nonce: nonce.json().nonce,
    issuedAt: new Date().toISOString(),
  })
  const res = await app.inject({
    method: 'POST',
    url: '/api/siwx/sessions',
    headers: { origin: testOrigin },
    payload: session,
  })
  if (res.statusCode !== 201) throw new Error(`sign-in: ${res.statusCode} ${res.body}`)
  const token = res.cookies.find((c) => c.name === 'paylink_session')!.value
  return { cookie: `paylink_session=${token}`, signer, merchantId: `solana:${signer.address}` }
}

/** What a suite helper made in beforeAll, read from a test: `what` names it when read too early. */
export function madeInBeforeAll<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is made in beforeAll`)
  return value
}

export interface OfflineTestContext {
  /** The suite's PGlite database (open from beforeAll on). */
  readonly database: Database
  /** A new app on that database, closed after the suite. */
  app(overrides?: Partial<AppConfig>): Promise<FastifyInstance>
}

/** For a test file: one in-memory database per suite, apps built on it, all closed after. */
export function useOfflineApps(defaults: Partial<AppConfig> = {}): OfflineTestContext {
  let database: Database | undefined
  const apps: FastifyInstance[] = []
  beforeAll(async () => {
    database = await openDatabase({ dataDir: ':memory:' })
  }, 120_000)
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()))
    await database?.close()
  })
  return {
    get database() {
      if (!database) throw new Error('the database opens in beforeAll')
      return database
    },
    async app(overrides = {}) {
      const app = await buildOfflineApp(this.database, { ...defaults, ...overrides })
      apps.push(app)
      return app
    },
  }
}
