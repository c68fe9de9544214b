import { expect, type APIRequestContext } from '@playwright/test'
import { startBitcoinApiFixture } from '@paylink/devnet/fixtures/bitcoinApi'
import { startSolanaRpcFixture } from '@paylink/devnet/fixtures/solanaRpc'
import { solanaTestAddress } from '@paylink/devnet/test-wallets/solana'
import { HDKey } from '@scure/bip32'
import { p2wpkh } from '@scure/btc-signer'

/** The Solana test wallet's key seed (test-only, public). */
export const SOLANA_TEST_SEED = '11'.repeat(32)
/** BIP-39 seed of the public test mnemonic "abandon x11 about": the synthetic (hand-made) Bitcoin data is for its addresses. */
export const BITCOIN_TEST_SEED =
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4'

export const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
export const BITCOIN_TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'

/** The demo's own Bitcoin regtest devnet, and its address versions as @scure/btc-signer takes them. */
export const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
export const REGTEST_VERSIONS = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
/** BTC on the demo's regtest devnet (CAIP-19). */
export const REGTEST_BTC = `${BITCOIN_REGTEST}/slip44:0`

/** Mines one block on the demo's Bitcoin regtest devnet (POST /devnet/mine), for specs whose blocks come only when asked. */
export async function mineRegtestBlock(request: APIRequestContext) {
  const mined = await request.post('/devnet/mine', { data: { caipNetworkId: BITCOIN_REGTEST, blocks: 1 } })
  expect(mined.status(), await mined.text()).toBe(200)
}

/** A BIP84 test account (m/84'/1'/0', tpub/tprv versions) from a seed of 32 bytes `fill`, held by the spec only. */
export function bitcoinTestAccount(fill: number): HDKey {
  return HDKey.fromMasterSeed(new Uint8Array(32).fill(fill), { private: 0x04358394, public: 0x043587cf }).derive(
    "m/84'/1'/0'",
  )
}

/** The first receive address (<account>/0/0, P2WPKH) of a BIP84 account on the regtest devnet. */
export function firstRegtestAddress(account: HDKey): string {
  return p2wpkh(account.derive('m/0/0').publicKey!, REGTEST_VERSIONS).address!
}

export interface ChainFixtures {
  /** FIXTURE: Solana JSON-RPC over litesvm (no validator can run here). */
  solana: { url: string; address: string }
  /** FIXTURE: synthetic Esplora answers made by hand (no bitcoind can run here); the testnet API base. */
  bitcoin: { url: string }
  solanaWallet: { rpcUrl: string; chains: string[]; secretKeySeedHex: string }
  bitcoinWallet: { network: 'testnet'; seedHex: string }
  stop(): Promise<void>
}

export async function startChainFixtures(): Promise<ChainFixtures> {
  const [solana, bitcoin] = await Promise.all([startSolanaRpcFixture(), startBitcoinApiFixture()])
  const address = solanaTestAddress(SOLANA_TEST_SEED)
  solana.airdrop(address, 5_000_000_000n) // 5 SOL
  return {
    solana: { url: solana.url, address },
    bitcoin: { url: `${bitcoin.url}/testnet/api` },
    solanaWallet: { rpcUrl: solana.url, chains: [SOLANA_DEVNET], secretKeySeedHex: SOLANA_TEST_SEED },
    bitcoinWallet: { network: 'testnet', seedHex: BITCOIN_TEST_SEED },
    async stop() {
      await Promise.all([solana.stop(), bitcoin.stop()])
    },
  }
}
