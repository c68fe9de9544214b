import { createHash } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { createSiwxMessageText, type CreateSiwxMessageTextParameters, type SiwxSession } from '@paylink/shared'
import { base58, base64, createBase58check } from '@scure/base'
import { Address, Signer } from 'bip322-js'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/** Test wallets for the three namespaces: an address and a `sign(message)` each. */
export interface TestSigner {
  address: string
  sign(message: string): Promise<string>
}

export function evmSigner(): TestSigner & { key: `0x${string}` } {
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  return { key, address: account.address, sign: (message) => account.signMessage({ message }) }
}

export function solanaSigner(encoding: 'base58' | 'base64' = 'base58'): TestSigner {
  const secret = ed25519.utils.randomSecretKey()
  return {
    address: base58.encode(ed25519.getPublicKey(secret)),
    sign: async (message) => {
      const signature = ed25519.sign(new TextEncoder().encode(message), secret)
      return encoding === 'base58' ? base58.encode(signature) : base64.encode(signature)
    },
  }
}

export function bitcoinSigner(
  type: 'p2wpkh' | 'p2tr' | 'p2pkh',
  network: 'mainnet' | 'testnet' = 'mainnet',
): TestSigner {
  const secret = secp256k1.utils.randomSecretKey()
  const wif = wifOf(secret, network)
  const address = Address.convertPubKeyIntoAddress(Buffer.from(secp256k1.getPublicKey(secret, true)), type)[network]
  return { address, sign: async (message) => Signer.sign(wif, address, message) }
}

const base58check = createBase58check((bytes) => createHash('sha256').update(bytes).digest())

/** Wallet import format: version byte, the key, 0x01 (compressed public key), base58check. */
export function wifOf(secret: Uint8Array, network: 'mainnet' | 'testnet'): string {
  return base58check.encode(Uint8Array.of(network === 'mainnet' ? 0x80 : 0xef, ...secret, 0x01))
}

export type MessageParameters = Omit<CreateSiwxMessageTextParameters, 'address'>

/** AppKit's SIWXSession for a message built from `parameters` and signed by `signer`. */
export async function signedSession(
  signer: TestSigner,
  parameters: MessageParameters,
  options: { tamper?: (message: string) => string; data?: Record<string, unknown> } = {},
): Promise<SiwxSession> {
  const fields = { ...parameters, address: signer.address }
  const signed = createSiwxMessageText(fields)
  const signature = await signer.sign(signed)
  const { address, ...rest } = fields
  const data = Object.fromEntries(
    Object.entries({ ...rest, accountAddress: address }).filter(([, v]) => v !== undefined),
  )
  return {
    data: { ...data, ...options.data } as SiwxSession['data'],
    message: options.tamper ? options.tamper(signed) : signed,
    signature,
  }
}
