import type { Asset, Network } from '@paylink/shared'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import { bitcoinNetworkOf } from '@paylink/chains/bip122/server'
import {
  startEsploraFixture,
  type EsploraFixture,
  type FixtureTransaction,
} from '@paylink/chains/bip122/testing/esploraFixture'
import { offlineAppConfig, signInSolana, testOrigin, useOfflineApps } from './offlineApp.js'

/** The regtest network the Esplora fixture serves, and its coin. */
export const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
export const regtestBtc: Asset = {
  assetId: `${regtest}/slip44:0`,
  caipNetworkId: regtest,
  symbol: 'BTC',
  name: 'Bitcoin',
  decimals: 8,
  native: true,
}
export const regtestPayer = 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry'
/** BIP84's published test vector key as a tpub (the same key data for test networks). */
export const bip84Tpub =
  'tpubDCxX2sYFS5bDkSe5GKKYHjBW7tgyN1R3UchpLJvdbf54ohxeGRtd8MbDUe1cguVHe4vnK68DsuD5MXjxi9EXx16rb9EnNsaF5KT99CinaJz'

export interface BitcoinFixtureApp {
  server: FastifyInstance
  esplora: EsploraFixture
  /** The signed-in Solana merchant's cookie and origin (its Bitcoin receiving key is saved). */
  headers: Record<string, string>
  /** A BTC link of the merchant: its id and its derived deposit address. */
  newLink(amount: string): Promise<{ id: string; address: string }>
  /** The link as the checkout reads it. */
  link(id: string): Promise<{ status: string; payments: unknown[] }>
  /** A transaction spending a fresh coin of the payer to `address`. */
  pay(address: string, value: bigint): FixtureTransaction
  /** One tracker pass. */
  pass(): Promise<unknown>
}

/**
 * An app following only a Bitcoin regtest served by the Esplora fixture, with a signed-in merchant
 * whose watch-only key derives each BTC link's address; every pass re-reads pending payments.
 */
export function useBitcoinFixtureApp(): BitcoinFixtureApp {
  const context = useOfflineApps({
    siwx: { nonceRateLimit: { max: 1000, timeWindow: 60_000 }, signInRateLimit: { max: 1000, timeWindow: 60_000 } },
  })
  let coin = 0
  const fixture = {} as BitcoinFixtureApp
  beforeAll(async () => {
    const esplora = await startEsploraFixture(
      bitcoinNetworkOf(regtest)!,
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    )
    for (let i = 0; i < 3; i++) esplora.mine()
    const network: Network = {
      caipNetworkId: regtest,
      name: 'Bitcoin regtest (fixture)',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrl: esplora.url,
      blockExplorerUrl: null,
      testnet: true,
      confirmations: 1,
    }
    const base = offlineAppConfig(context.database)
    const server = await context.app({
      // Solana for the sign-in only; no EVM network, whose dead RPC would fail the passes.
      networks: [...base.networks.filter((n) => n.caipNetworkId.startsWith('solana:')), network],
      assets: [regtestBtc],
      paymentLinks: {
        submitCheckTimeoutMs: 2000,
        tracker: { only: [regtest], rpcTimeoutMs: 2000, settings: { recheckMs: 0, missingGraceMs: 0 } },
      },
    })
    const { cookie } = await signInSolana(server)
    const headers = { cookie, origin: testOrigin }
    const saved = await server.inject({
      method: 'PUT',
      url: '/api/merchant/receiving-keys/bip122',
      headers,
      payload: { key: bip84Tpub },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    Object.assign(fixture, {
      server,
      esplora,
      headers,
      async newLink(amount: string) {
        const res = await server.inject({
          method: 'POST',
          url: '/api/links',
          headers,
          payload: { title: `Order ${amount}`, options: [{ asset: regtestBtc.assetId, amount }] },
        })
        expect(res.statusCode, res.body).toBe(201)
        return { id: res.json().id as string, address: res.json().options[0].depositAddress as string }
      },
      link: async (id: string) => (await server.inject({ method: 'GET', url: `/api/links/${id}` })).json(),
      pay: (address: string, value: bigint) =>
        esplora.transaction(
          [{ txid: (++coin).toString(16).padStart(64, 'f'), vout: 0, address: regtestPayer, value: 10_000_000n }],
          [{ address, value }],
        ),
      pass: () => server.paymentLinks.tracker.runOnce(),
    } satisfies BitcoinFixtureApp)
  }, 60_000)
  afterAll(async () => {
    await fixture.esplora?.close()
  })
  return fixture
}
