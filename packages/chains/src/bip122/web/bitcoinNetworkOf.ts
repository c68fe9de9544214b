import { NETWORK, TEST_NETWORK } from '@scure/btc-signer'

/** The regtest parameters (Bitcoin Core's chainparams): `bcrt` bech32, testnet's base58 versions. */
const REGTEST_NETWORK = { ...TEST_NETWORK, bech32: 'bcrt' }

/**
 * The address parameters an address is written with, from its human-readable part: `bc1…`
 * mainnet, `tb1…` testnet and signet, `bcrt1…` regtest (the demo's devnet). Only segwit
 * addresses: the PSBT path signs P2WPKH and P2TR coins.
 */
export function bitcoinNetworkOf(address: string) {
  const hrp = address.toLowerCase().slice(0, address.lastIndexOf('1'))
  if (hrp === 'bc') return NETWORK
  if (hrp === 'tb') return TEST_NETWORK
  if (hrp === 'bcrt') return REGTEST_NETWORK
  throw new Error(`${address} is not a segwit Bitcoin address (bc1…, tb1…, bcrt1…)`)
}
