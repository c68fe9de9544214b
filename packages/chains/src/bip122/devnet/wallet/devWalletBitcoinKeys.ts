import { sha256 } from '@noble/hashes/sha2'
import { HDKey } from '@scure/bip32'
import { deriveBitcoinAccount, type BitcoinAccountKeys } from './bitcoinAccount.js'

/**
 * The Dev Wallet's Bitcoin account on the demo's regtest devnet: payment `bcrt1q…` (P2WPKH,
 * m/84'/1'/0'/0/0) and ordinals `bcrt1p…` (P2TR, m/86'/1'/0'/0/0). DEMO-ONLY KEYS: the BIP-32
 * seed is the SHA-256 of a fixed, public string, so anyone can derive them, exactly like anvil's
 * well-known dev accounts and the Dev Wallet's Solana keys. They exist so the devnet can fund the
 * wallet at start and the page can sign without an extension; never send anything of value to them.
 */
export function devWalletBitcoinKeys(): BitcoinAccountKeys {
  return deriveBitcoinAccount(devWalletBitcoinSeed(), 'regtest')
}

const devWalletBitcoinSeed = () => sha256(new TextEncoder().encode('paylink dev wallet / bitcoin / demo only'))

/** BIP-32 version bytes of test-network extended keys (`tprv`, `tpub`). */
const testNetworkVersions = { private: 0x04358394, public: 0x043587cf }

/**
 * The Dev Wallet's receiving account as a watch-only key for the demo merchant's Settings: the
 * `tpub` of m/84'/1'/1'. Account 1, not the paying account 0, so no link's address is ever the
 * Dev Wallet's own payment (and change) address, which would count a payment's change as paid.
 * Demo-only, public like every Dev Wallet key.
 */
export function devWalletBitcoinReceivingKey(): string {
  return HDKey.fromMasterSeed(devWalletBitcoinSeed(), testNetworkVersions).derive("m/84'/1'/1'").publicExtendedKey
}

/** The addresses the devnet funds at its first start (payment, then ordinals). */
export function devWalletBitcoinAddresses(): string[] {
  const { payment, ordinals } = devWalletBitcoinKeys()
  return [payment.address, ordinals.address]
}
