// The server's OpenAPI document as /api/openapi.json serves it: the app built on an in-memory
// PGlite, asked in-process (no port). The routes and schemas do not depend on the networks or
// assets configured, so one EVM test network stands for every instance.
import { testEvmNetwork } from '@paylink/shared/testing/testNetworks'
import { buildApp, type AppConfig } from '../../apps/server/src/app.js'
import { openDatabase, type Database } from '../../apps/server/src/db/openDatabase.js'

/** The configuration the SDK's types are generated from (and its integration test runs): no demo routes, no x402. */
export function sdkServerConfig(database: Database): AppConfig {
  const network = testEvmNetwork('eip155:31337', 'http://127.0.0.1:9')
  return {
    publicOrigin: 'http://localhost:3000',
    projectId: null,
    demo: false,
    networks: [network],
    assets: [
      {
        assetId: 'eip155:31337/slip44:60',
        caipNetworkId: network.caipNetworkId,
        symbol: 'ETH',
        name: 'Ether',
        decimals: 18,
        native: true,
      },
    ],
    database,
    webDist: '/nonexistent',
    chainTimeoutMs: 200,
    paymentLinks: { submitCheckTimeoutMs: 200, tracker: { rpcTimeoutMs: 200 } },
  }
}

export async function readServerDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({ dataDir: ':memory:' })
  try {
    const app = await buildApp(sdkServerConfig(database))
    try {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
      if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json: ${response.statusCode}`)
      return response.json<Record<string, unknown>>()
    } finally {
      await app.close()
    }
  } finally {
    await database.close()
  }
}
