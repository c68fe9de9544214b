import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Asset, Network } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppConfig } from '../../apps/server/src/app.js'
import { newId } from '../../apps/server/src/db/newId.js'
import { openDatabase, type Database } from '../../apps/server/src/db/openDatabase.js'
import { linkOptions } from '../../apps/server/src/db/schema.js'
import { createApiKey } from '../../apps/server/src/merchants/apiKeyStore.js'
import { merchantOf } from '../../apps/server/src/merchants/merchant.js'

export interface CrowdBenchAppOptions {
  /** Names the temporary data directory (`paylink-bench-<label>-…`). */
  label: string
  networks: Network[]
  assets: Asset[]
  paymentLinks: AppConfig['paymentLinks']
  /** The account the bench's links belong to; its API key creates them. */
  merchant: { namespace: string; address: string }
  /** A Postgres URL instead of PGlite in the temporary directory. */
  databaseUrl?: string
}

export interface CrowdBenchApp {
  app: FastifyInstance
  database: Database
  /** `POST /api/links` as the merchant; throws unless it answers 201. The created link's JSON. */
  createLink(payload: Record<string, unknown>): Promise<CreatedLinkJson>
  /** A link's status as anyone reads it. */
  status(linkId: string): Promise<string>
  /**
   * Copies the first option of `linkId` `count` times, straight to the table (creating 10,000
   * links through the API is not what a crowd section measures); `vary` gives each copy what
   * the tracker watches it by (a reference, a deposit address).
   */
  addOptionCopies(linkId: string, count: number, vary: (id: string, i: number) => Partial<LinkOptionRow>): Promise<void>
  /** Closes the app and the database and removes the data directory. */
  close(): Promise<void>
}

type LinkOptionRow = typeof linkOptions.$inferSelect

interface CreatedLinkJson {
  id: string
  options: Array<{ depositAddress: string | null; paymentUri: string | null }>
}

/**
 * The app for a tracker crowd section: PGlite in a temporary directory (or the Postgres given), no
 * web build, caps high enough for 10,000 open links or orders created as fast as the bench can.
 * Not listening yet.
 */
export async function startCrowdBenchApp({
  label,
  networks,
  assets,
  paymentLinks,
  merchant,
  databaseUrl,
}: CrowdBenchAppOptions): Promise<CrowdBenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), `paylink-bench-${label}-`))
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'pglite') })
  const app = await buildApp({
    publicOrigin: 'http://127.0.0.1',
    projectId: null,
    demo: false,
    networks,
    assets,
    database,
    webDist: join(dataDir, 'no-web-build'),
    limits: {
      maxOpenLinksPerMerchant: 100_000,
      createLinkRateLimit: { max: 1_000_000, timeWindow: 60_000 },
      createOrderRateLimit: { max: 1_000_000, timeWindow: 60_000 },
    },
    paymentLinks,
  })
  const { token } = await createApiKey(database.db, merchantOf(merchant), 'bench')
  return {
    app,
    database,
    async createLink(payload) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { authorization: `Bearer ${token}` },
        payload,
      })
      if (response.statusCode !== 201) throw new Error(`POST /api/links: ${response.statusCode} ${response.body}`)
      return response.json<CreatedLinkJson>()
    },
    async status(linkId) {
      return (await app.inject({ method: 'GET', url: `/api/links/${linkId}` })).json<{ status: string }>().status
    },
    async addOptionCopies(linkId, count, vary) {
      const template = (await database.db.select().from(linkOptions)).find((option) => option.linkId === linkId)!
      const rows = Array.from({ length: count }, (_, i) => {
        const id = newId('opt')
        return { ...template, id, position: i + 1, ...vary(id, i) }
      })
      for (let i = 0; i < rows.length; i += 1000) await database.db.insert(linkOptions).values(rows.slice(i, i + 1000))
    },
    async close() {
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A one-confirmation test network read at `rpcUrl` (the crowd sections put a counting proxy there). */
export const testNetwork = (
  fields: Pick<Network, 'caipNetworkId' | 'name' | 'nativeCurrency' | 'rpcUrl'>,
): Network => ({ ...fields, blockExplorerUrl: null, testnet: true, confirmations: 1 })

/** The Solana devnet as a one-confirmation test network read at `rpcUrl`. */
export const solanaTestNetwork = (caipNetworkId: string, rpcUrl: string): Network =>
  testNetwork({
    caipNetworkId,
    name: 'Solana devnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrl,
  })
