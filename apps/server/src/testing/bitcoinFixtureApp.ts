import { afterAll, beforeAll } from 'vitest'
import { bitcoinNetworkOf } from '@paylink/chains/bip122/server'
import {
  startEsploraFixture,
  type EsploraFixture,
  type FixtureTransaction,
} from '@paylink/chains/bip122/testing/esploraFixture'
import { regtestChain } from './bitcoinRegtest.js'
import { useBitcoinTestApp, type BitcoinTestApp } from './bitcoinTestApp.js'
import { madeInBeforeAll } from './offlineApp.js'

export { regtestBtc } from './bitcoinRegtest.js'
export const regtestPayer = 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry'
/** BIP84's published test vector key as a tpub (the same key data for test networks). */
export const bip84Tpub =
  'tpubDCxX2sYFS5bDkSe5GKKYHjBW7tgyN1R3UchpLJvdbf54ohxeGRtd8MbDUe1cguVHe4vnK68DsuD5MXjxi9EXx16rb9EnNsaF5KT99CinaJz'

type Spend = { txid: string; vout: number; address: string; value: bigint }

export interface BitcoinFixtureApp extends BitcoinTestApp {
  esplora: EsploraFixture
  /** A transaction spending `spend` (by default a fresh coin of the payer's) to `address`. */
  pay(address: string, value: bigint, spend?: Spend): FixtureTransaction
}

/**
 * useBitcoinTestApp on the Esplora fixture (blocks and mempool made by the test), with the merchant's
 * receiving key BIP84's test vector: call at the top of a test file, read it once beforeAll ran.
 */
export function useBitcoinFixtureApp(): BitcoinFixtureApp {
  const bitcoinApp = useBitcoinTestApp()
  let esplora: EsploraFixture | undefined
  let app: BitcoinTestApp | undefined
  let coin = 0
  beforeAll(async () => {
    esplora = await startEsploraFixture(
      bitcoinNetworkOf(regtestChain)!,
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    )
    for (let i = 0; i < 3; i++) esplora.mine()
    app = await bitcoinApp.start({
      esploraUrl: esplora.url,
      networkName: 'Bitcoin regtest (fixture)',
      receivingKey: bip84Tpub,
      rpcTimeoutMs: 2000,
    })
  }, 60_000)
  afterAll(async () => {
    await esplora?.close()
  })
  const made = () => madeInBeforeAll(app, 'the app')
  return {
    get server() {
      return made().server
    },
    get headers() {
      return made().headers
    },
    get esplora() {
      return madeInBeforeAll(esplora, 'the Esplora fixture')
    },
    newLink: (amount, title) => made().newLink(amount, title),
    link: (id) => made().link(id),
    pass: () => made().pass(),
    eventsOf: (paymentId) => made().eventsOf(paymentId),
    pay(address, value, spend) {
      const from = spend ?? {
        txid: (++coin).toString(16).padStart(64, '0'),
        vout: 0,
        address: regtestPayer,
        value: 10_000_000n,
      }
      return madeInBeforeAll(esplora, 'the Esplora fixture').transaction([from], [{ address, value }])
    },
  }
}
