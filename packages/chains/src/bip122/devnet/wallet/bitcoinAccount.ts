/**
 * The keys and signatures of a sats-connect style Bitcoin account (a payment P2WPKH address and
 * an ordinals P2TR address from one BIP-32 seed), shared by the Dev Wallet's Bitcoin side
 * (devBitcoinWallet.ts) and the TEST wallet (test-wallets/bitcoin.ts). Browser code: addresses,
 * the taproot tweak, transactions and sighashes come from @scure/btc-signer, codecs from
 * @scure/base, so it bundles without Buffer or bitcoinjs-lib.
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { base64, hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import {
  CompactSize,
  NETWORK,
  p2tr,
  p2wpkh,
  RawTx,
  RawWitness,
  Script,
  TEST_NETWORK,
  Transaction,
} from '@scure/btc-signer'
import { concatBytes, pubSchnorr, sha256x2, tagSchnorr } from '@scure/btc-signer/utils'

export type BitcoinAccountNetwork = 'mainnet' | 'testnet' | 'regtest'

export type DerivedAddress = {
  address: string
  /** hex: 33-byte compressed key for payment, 32-byte x-only (tweaked output key) for P2TR */
  publicKey: string
  path: string
  addressType: 'p2wpkh' | 'p2tr'
  purpose: 'payment' | 'ordinals'
}

export type BitcoinAccountKeys = {
  payment: DerivedAddress & { privateKey: Uint8Array; script: Uint8Array }
  ordinals: DerivedAddress & { privateKey: Uint8Array; internalKey: Uint8Array; script: Uint8Array }
}

/** Bitcoin Core's regtest address parameters (`bcrt1…`). */
export const REGTEST_ADDRESSES: typeof NETWORK = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

export function addressParameters(network: BitcoinAccountNetwork): typeof NETWORK {
  return network === 'mainnet' ? NETWORK : network === 'testnet' ? TEST_NETWORK : REGTEST_ADDRESSES
}

/** Payment m/84'/c'/0'/0/0 (P2WPKH), ordinals m/86'/c'/0'/0/0 (P2TR, BIP-86 key path); c = 0 on mainnet, 1 on test networks. */
export function deriveBitcoinAccount(seed: Uint8Array, network: BitcoinAccountNetwork): BitcoinAccountKeys {
  const root = HDKey.fromMasterSeed(seed)
  const coin = network === 'mainnet' ? 0 : 1
  const parameters = addressParameters(network)
  const paymentPath = `m/84'/${coin}'/0'/0/0`
  const ordinalsPath = `m/86'/${coin}'/0'/0/0`
  const paymentKey = root.derive(paymentPath).privateKey!
  const pubkey = secp256k1.getPublicKey(paymentKey, true)
  const payment = p2wpkh(pubkey, parameters)
  const ordinalsKey = root.derive(ordinalsPath).privateKey!
  const internalKey = pubSchnorr(ordinalsKey)
  const ordinals = p2tr(internalKey, undefined, parameters)
  return {
    payment: {
      address: payment.address,
      publicKey: hex.encode(pubkey),
      path: paymentPath,
      addressType: 'p2wpkh',
      purpose: 'payment',
      privateKey: paymentKey,
      script: payment.script,
    },
    ordinals: {
      address: ordinals.address,
      publicKey: hex.encode(ordinals.tweakedPubkey),
      path: ordinalsPath,
      addressType: 'p2tr',
      purpose: 'ordinals',
      privateKey: ordinalsKey,
      internalKey,
      script: ordinals.script,
    },
  }
}

/** The public part of an account's address (what a wallet may show a page). */
export function publicAddress(a: DerivedAddress): DerivedAddress {
  return { address: a.address, publicKey: a.publicKey, path: a.path, addressType: a.addressType, purpose: a.purpose }
}

const enc = new TextEncoder()
const BIP322_TAG = 'BIP0322-signed-message'
const varSlice = (bytes: Uint8Array) => concatBytes(CompactSize.encode(BigInt(bytes.length)), bytes)

/**
 * BIP-322 "simple" signature (base64 witness) for P2WPKH or P2TR (key path): to_spend pays the
 * address from a fake outpoint whose scriptSig carries the message hash; to_sign spends it to
 * one OP_RETURN output of 0, and its witness is the signature.
 */
export function signBip322(message: string, keys: BitcoinAccountKeys, which: 'payment' | 'ordinals'): string {
  const { script, privateKey } = keys[which]
  const toSpend = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Script.encode(['OP_0', tagSchnorr(BIP322_TAG, enc.encode(message))]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  })
  const toSign = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: sha256x2(toSpend).reverse(), // txids are shown byte-reversed
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(which === 'ordinals' ? { tapInternalKey: keys.ordinals.internalKey } : {}),
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  // P2WPKH: BIP-143 sighash, SIGHASH_ALL; P2TR: BIP-341 key path (tweaked here), SIGHASH_DEFAULT.
  toSign.signIdx(privateKey, 0)
  toSign.finalizeIdx(0)
  return base64.encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness!))
}

/** BIP-137 signature (legacy "Bitcoin Signed Message") for the P2WPKH payment address. */
export function signBip137(message: string, keys: BitcoinAccountKeys): string {
  const hash = sha256x2(varSlice(enc.encode('Bitcoin Signed Message:\n')), varSlice(enc.encode(message)))
  const sig = secp256k1.sign(hash, keys.payment.privateKey, { lowS: true })
  return base64.encode(concatBytes(Uint8Array.of(39 + sig.recovery), sig.toBytes('compact'))) // 39-42: P2WPKH
}

export function bip322MessageHash(message: string): string {
  return hex.encode(tagSchnorr(BIP322_TAG, enc.encode(message)))
}

/** Which of the account's addresses `address` is, if any. */
export function purposeOf(keys: BitcoinAccountKeys, address: string): 'payment' | 'ordinals' | undefined {
  return address === keys.payment.address ? 'payment' : address === keys.ordinals.address ? 'ordinals' : undefined
}
