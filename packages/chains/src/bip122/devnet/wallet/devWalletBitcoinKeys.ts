import { sha256 } from '@noble/hashes/sha2'
import { deriveBitcoinAccount, type BitcoinAccountKeys } from './bitcoinAccount.js'

/**
 * The Dev Wallet's Bitcoin account on the demo's regtest devnet: payment `bcrt1q…` (P2WPKH,
 * m/84'/1'/0'/0/0) and ordinals `bcrt1p…` (P2TR, m/86'/1'/0'/0/0). DEMO-ONLY KEYS: the BIP-32
 * seed is the SHA-256 of a fixed, public string, so anyone can derive them, exactly like anvil's
 * well-known dev accounts and the Dev Wallet's Solana keys. They exist so the devnet can fund the
 * wallet at start and the page can sign without an extension; never send anything of value to them.
 */
export function devWalletBitcoinKeys(): BitcoinAccountKeys {
  return deriveBitcoinAccount(sha256(new TextEncoder().encode('paylink dev wallet / bitcoin / demo only')), 'regtest')
}

/** The addresses the devnet funds at its first start (payment, then ordinals). */
export function devWalletBitcoinAddresses(): string[] {
  const { payment, ordinals } = devWalletBitcoinKeys()
  return [payment.address, ordinals.address]
}
