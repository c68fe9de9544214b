import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Devnet } from '@paylink/devnet'
import type { Network } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import { createApiKey } from '../../apps/server/src/merchants/apiKeyStore.js'
import { buildApp, type AppConfig } from '../../apps/server/src/app.js'
import { openDatabase, type Database } from '../../apps/server/src/db/openDatabase.js'
import { devnetNetworks, type DevnetNetworks } from '../../apps/server/src/devnet/devnetNetworks.js'
import { merchantOf } from '../../apps/server/src/merchants/merchant.js'

export interface StartBenchAppOptions {
  /** The devnet's demo extras (its RPC proxy under /devnet/rpc); off when the networks are rewired. */
  demo: boolean
  /** The networks the app tracks; the devnet's own by default. */
  networks?: (devnet: DevnetNetworks) => Network[]
  /** A web build to serve (GET /pay/:id); none by default. */
  webDist?: string
  /** A Postgres URL instead of PGlite in a temporary directory. */
  databaseUrl?: string
  /** The x402 facilitator's gas keys; none by default (no /x402/facilitator). */
  x402?: AppConfig['x402']
}

export interface BenchApp {
  app: FastifyInstance
  database: Database
  /** Devnet account 5, the merchant the bench's links belong to. */
  merchant: Address
  /** That merchant's API key. */
  apiKey: string
  /** Closes the app and the database and removes the data directory; the devnet is the caller's. */
  close(): Promise<void>
}

/**
 * The app on a devnet the caller started, with PGlite in a temporary directory and no web
 * build (the bench reads the API), plus a merchant and its API key. Not listening yet.
 */
export async function startBenchApp(
  devnet: Devnet,
  { demo, networks, webDist, databaseUrl, x402 }: StartBenchAppOptions,
): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'paylink-bench-'))
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: join(dataDir, 'pglite') })
  const onDevnet = devnetNetworks(devnet)
  const app = await buildApp({
    publicOrigin: 'http://127.0.0.1',
    projectId: null,
    demo,
    networks: networks ? networks(onDevnet) : onDevnet.networks,
    assets: onDevnet.assets,
    database,
    webDist: webDist ?? join(dataDir, 'no-web-build'),
    ...(demo ? { devnetUpstreams: onDevnet.upstreams } : {}),
    ...(x402 ? { x402 } : {}),
  })
  const merchant = devnet.accounts[5]!
  const { token: apiKey } = await createApiKey(
    database.db,
    merchantOf({ namespace: 'eip155', address: merchant }),
    'bench',
  )
  return {
    app,
    database,
    merchant,
    apiKey,
    close: async () => {
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
