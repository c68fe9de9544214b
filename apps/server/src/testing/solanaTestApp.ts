/**
 * For the server's Solana test files: the repository's Solana devnet (LiteSVM behind a real
 * JSON-RPC, commitments that move in real time), an in-memory database, an API key of one
 * merchant and one app that tracks the devnet with its SOL and Test USD. The tracker's loop is
 * not started: each pass is the test's.
 */
import { startSolanaDevnet, TEST_USD_DECIMALS, type SolanaDevnet } from '@paylink/devnet/solana'
import type { Asset, Network } from '@paylink/shared'
import { findAssociatedTokenAddress, tokenProgramId } from '@paylink/chains/solana/server'
import { Connection, PublicKey, TransactionInstruction } from '@solana/web3.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp, type AppConfig } from '../app.js'
import { openDatabase, type Database } from '../db/openDatabase.js'
import { createApiKey } from '../merchants/apiKeyStore.js'
import { merchantOf } from '../merchants/merchant.js'
import { fastPaymentLinks } from './paymentLinksHarness.js'

export interface SolanaTestApp {
  devnet: SolanaDevnet
  database: Database
  app: FastifyInstance
  /** What `app` was built from: a test builds another app like it. */
  appConfig: AppConfig
  /** The merchant's API key. */
  apiKey: string
  connection: Connection
  /** The devnet's CAIP-2 id and its two assets' CAIP-19 ids. */
  network: string
  sol: string
  tusd: string
}

/**
 * Call at the top of a test file: set up before its tests (fund accounts in a later beforeAll),
 * closed after them. Read the fields inside tests, not at import time.
 */
export function useSolanaTestApp({
  merchant,
  limits,
  slotMs = 100,
  finalizeDepth = 8,
  timeoutMs = 60_000,
}: {
  /** The merchant's Solana address (base58). */
  merchant: string
  limits?: AppConfig['limits']
  slotMs?: number
  finalizeDepth?: number
  timeoutMs?: number
}): SolanaTestApp {
  const solana = {} as SolanaTestApp
  beforeAll(async () => {
    const devnet = await startSolanaDevnet({ slotMs, finalizeDepth })
    const network = `solana:${devnet.genesisHash.slice(0, 32)}`
    const sol = `${network}/slip44:501`
    const tusd = `${network}/token:${devnet.mint}`
    const networks: Network[] = [
      {
        caipNetworkId: network,
        name: 'Solana devnet',
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        rpcUrl: devnet.rpcUrl,
        blockExplorerUrl: null,
        testnet: true,
        confirmations: 1,
      },
    ]
    const assets: Asset[] = [
      { assetId: sol, caipNetworkId: network, symbol: 'SOL', name: 'Solana', decimals: 9, native: true },
      {
        assetId: tusd,
        caipNetworkId: network,
        symbol: 'TUSD',
        name: 'Test USD',
        decimals: TEST_USD_DECIMALS,
        native: false,
      },
    ]
    const database = await openDatabase({ dataDir: ':memory:' })
    const { token: apiKey } = await createApiKey(
      database.db,
      merchantOf({ namespace: 'solana', address: merchant }),
      'tests',
    )
    const appConfig: AppConfig = {
      publicOrigin: 'http://localhost:3000',
      projectId: null,
      demo: false,
      networks,
      assets,
      database,
      webDist: '/nonexistent',
      paymentLinks: fastPaymentLinks,
      limits,
      webhooks: { allowHttp: true, allowPrivateAddresses: true },
    }
    const app = await buildApp(appConfig)
    const connection = new Connection(devnet.rpcUrl, 'confirmed')
    Object.assign(solana, { devnet, database, app, appConfig, apiKey, connection, network, sol, tusd })
  }, timeoutMs)
  afterAll(async () => {
    await solana.app?.close()
    await solana.devnet?.close()
    await solana.database?.close()
  })
  return solana
}

/**
 * A Token transferChecked of Test USD (instruction 12: amount u64, decimals u8) from `from`'s
 * associated token account to the token account `to`, built by hand: @solana/pay's createTransfer
 * refuses the transfers the tests need to send (more tokens than the sender holds, refunds).
 */
export function testUsdTransfer(
  mint: string,
  from: PublicKey,
  to: string,
  amount: bigint,
  reference?: PublicKey,
): TransactionInstruction {
  const data = Buffer.alloc(10)
  data.writeUInt8(12, 0)
  data.writeBigUInt64LE(amount, 1)
  data.writeUInt8(TEST_USD_DECIMALS, 9)
  const keys = [
    { pubkey: new PublicKey(findAssociatedTokenAddress(from.toBase58(), mint)), isSigner: false, isWritable: true },
    { pubkey: new PublicKey(mint), isSigner: false, isWritable: false },
    { pubkey: new PublicKey(to), isSigner: false, isWritable: true },
    { pubkey: from, isSigner: true, isWritable: false },
    ...(reference ? [{ pubkey: reference, isSigner: false, isWritable: false }] : []),
  ]
  return new TransactionInstruction({ programId: new PublicKey(tokenProgramId), keys, data })
}
