import { ed25519 } from '@noble/curves/ed25519'
import { sha256 } from '@noble/hashes/sha2'
import { base58 } from '@scure/base'

/** How many Solana accounts the devnet funds for the Dev Wallet (the wallet offers the first). */
export const DEV_WALLET_SOLANA_ACCOUNTS = 2

export type DevWalletSolanaKey = {
  /** 32-byte ed25519 seed. */
  secretKey: Uint8Array
  publicKey: Uint8Array
  /** base58 public key. */
  address: string
}

/**
 * The Dev Wallet's Solana key number `index`. DEMO-ONLY KEYS: the seed is the SHA-256 of a fixed,
 * public string, so anyone can derive them, exactly like anvil's well-known dev accounts. They
 * exist so the demo's devnet can fund the wallet at start and the page can sign without an
 * extension; never send anything of value to them.
 */
export function devWalletSolanaKey(index = 0): DevWalletSolanaKey {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`devWalletSolanaKey: bad index ${index}`)
  const secretKey = sha256(new TextEncoder().encode(`paylink dev wallet / solana / demo only / ${index}`))
  const publicKey = ed25519.getPublicKey(secretKey)
  return { secretKey, publicKey, address: base58.encode(publicKey) }
}
