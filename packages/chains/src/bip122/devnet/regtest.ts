import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import type { NETWORK } from '@scure/btc-signer'

/** Bitcoin Core's regtest parameters (chainparams.cpp, CRegTestParams). */
export const REGTEST: typeof NETWORK = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** The regtest genesis block hash (display order); CAIP-2 `bip122:` takes its first 32 hex characters. */
export const REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** Regtest's proof-of-work limit in compact form: about one header in two meets it. */
export const REGTEST_BITS = 0x207fffff

/** Blocks between subsidy halvings on regtest (150; 210,000 on mainnet). */
export const REGTEST_HALVING_INTERVAL = 150
export const COIN = 100_000_000n

/**
 * The genesis block as Bitcoin Core builds it (the same coinbase as mainnet's, with regtest's
 * time, bits and nonce). Its coinbase output is not in the UTXO set, as in Core.
 */
export const GENESIS = {
  version: 1,
  prevHash: '0000000000000000000000000000000000000000000000000000000000000000',
  merkleRoot: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
  time: 1296688602,
  bits: REGTEST_BITS,
  nonce: 2,
  coinbaseHex:
    '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000',
}

/** Block subsidy at a height: 50 BTC halved every 150 blocks (regtest), zero after 64 halvings. */
export function blockSubsidy(height: number): bigint {
  const halvings = Math.floor(height / REGTEST_HALVING_INTERVAL)
  return halvings >= 64 ? 0n : (50n * COIN) >> BigInt(halvings)
}

export const sha256d = (...parts: Uint8Array[]): Uint8Array => {
  const h = sha256.create()
  for (const p of parts) h.update(p)
  return sha256(h.digest())
}

/** Bitcoin shows hashes byte-reversed: internal order <-> display hex. */
export const hashToHex = (internal: Uint8Array): string => bytesToHex(Uint8Array.from(internal).reverse())
export const hexToHash = (display: string): Uint8Array => hexToBytes(display).reverse()
