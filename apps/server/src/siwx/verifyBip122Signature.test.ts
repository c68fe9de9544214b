import { readFileSync } from 'node:fs'
import { secp256k1 } from '@noble/curves/secp256k1'
import { Address, BIP322, Signer, Witness } from 'bip322-js'
import { Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { wifOf } from './testing/siwxTestKit.js'
import { verifyBip122Signature } from '@paylink/chains/bip122/server'

type Bip322Vectors = {
  messageHash: Record<string, string>
  signing: { privateKeyWif: string; address: string; valid: Record<string, string[]> }
  toSpendTxid: Record<string, string>
  toSignTxid: Record<string, string>
}
// BIP-322's own vectors, copied beside the tests (source and licence: testing/vectors/README.md).
const vectors = JSON.parse(
  readFileSync(new URL('./testing/vectors/bip322/vectors.json', import.meta.url), 'utf8'),
) as Bip322Vectors
const mainnet = 'bip122:000000000019d6689c085ae165831e93'
const testnet = 'bip122:000000000933ea01ad0ee984209779ba'

function newKey(): { wif: string; publicKey: Buffer } {
  const secret = secp256k1.utils.randomPrivateKey()
  return { wif: wifOf(secret, 'mainnet'), publicKey: Buffer.from(secp256k1.getPublicKey(secret, true)) }
}
const key = newKey()
const other = newKey()
const addresses = {
  p2wpkh: Address.convertPubKeyIntoAddress(key.publicKey, 'p2wpkh').mainnet,
  p2tr: Address.convertPubKeyIntoAddress(key.publicKey, 'p2tr').mainnet,
  p2pkh: Address.convertPubKeyIntoAddress(key.publicKey, 'p2pkh').mainnet,
}
const message = 'localhost:3000 wants you to sign in with your Bitcoin account:\nSign in to Paylink'

/** The BIP-322 "full" form: the whole to_sign transaction, witness included. */
function fullSignature(msg: string, address: string, simple: string): string {
  const toSpend = BIP322.buildToSpendTx(msg, Address.convertAdressToScriptPubkey(address))
  const tx = new Transaction()
  tx.version = 0
  tx.addInput(toSpend.getHash(), 0, 0)
  tx.addOutput(Buffer.from([0x6a]), 0)
  tx.setWitness(0, Witness.deserialize(simple))
  return tx.toBuffer().toString('base64')
}

describe('BIP-322 vectors (bitcoin/bips)', () => {
  it.each(Object.entries(vectors.messageHash))('message hash of %j', (msg, hash) => {
    expect(Buffer.from(BIP322.hashMessage(msg)).toString('hex')).toBe(hash)
  })

  it.each(Object.entries(vectors.toSpendTxid))('to_spend and to_sign txids of %j', (msg, txid) => {
    const toSpend = BIP322.buildToSpendTx(msg, Address.convertAdressToScriptPubkey(vectors.signing.address))
    expect(toSpend.getId()).toBe(txid)
    const toSign = new Transaction()
    toSign.version = 0
    toSign.addInput(toSpend.getHash(), 0, 0)
    toSign.addOutput(Buffer.from([0x6a]), 0)
    expect(toSign.getId()).toBe(vectors.toSignTxid[msg])
  })

  const valid = Object.entries(vectors.signing.valid).flatMap(([msg, sigs]) => sigs.map((sig) => [msg, sig] as const))
  it.each(valid)('verifies the simple signature of %j', (msg, signature) => {
    expect(verifyBip122Signature({ message: msg, address: vectors.signing.address, signature, chainId: mainnet })).toBe(
      true,
    )
    expect(
      verifyBip122Signature({ message: `${msg}x`, address: vectors.signing.address, signature, chainId: mainnet }),
    ).toBe(false)
  })

  it.each(valid)('verifies the full form of the signature of %j', (msg, signature) => {
    const full = fullSignature(msg, vectors.signing.address, signature)
    expect(
      verifyBip122Signature({ message: msg, address: vectors.signing.address, signature: full, chainId: mainnet }),
    ).toBe(true)
  })

  it('refuses the vector address on another network', () => {
    const [msg, sig] = valid[0]!
    expect(
      verifyBip122Signature({ message: msg, address: vectors.signing.address, signature: sig, chainId: testnet }),
    ).toBe(false)
  })
})

describe('verifyBip122Signature with bip322-js Signer', () => {
  it.each(Object.entries(addresses))('%s: signs and verifies; another key does not', (_type, address) => {
    const signature = Signer.sign(key.wif, address, message)
    expect(verifyBip122Signature({ message, address, signature, chainId: mainnet })).toBe(true)
    expect(
      verifyBip122Signature({ message: message.replace('Paylink', 'Paylinq'), address, signature, chainId: mainnet }),
    ).toBe(false)
    const otherAddress = Address.convertPubKeyIntoAddress(other.publicKey, _type as 'p2wpkh').mainnet
    expect(verifyBip122Signature({ message, address: otherAddress, signature, chainId: mainnet })).toBe(false)
  })

  it('P2PKH is a legacy (BIP-137) signature', () => {
    const signature = Signer.sign(key.wif, addresses.p2pkh, message)
    expect(Buffer.from(signature, 'base64')).toHaveLength(65)
  })

  it('full form: a to_sign with another output is refused', () => {
    const simple = Signer.sign(key.wif, addresses.p2wpkh, message)
    const full = Buffer.from(fullSignature(message, addresses.p2wpkh, simple), 'base64')
    const tx = Transaction.fromBuffer(full)
    tx.outs[0]!.script = Buffer.from([0x6a, 0x01, 0x00])
    expect(
      verifyBip122Signature({
        message,
        address: addresses.p2wpkh,
        signature: tx.toBuffer().toString('base64'),
        chainId: mainnet,
      }),
    ).toBe(false)
    expect(
      verifyBip122Signature({
        message,
        address: addresses.p2wpkh,
        signature: full.toString('base64'),
        chainId: mainnet,
      }),
    ).toBe(true)
  })

  it('refuses a legacy signature for a segwit address (BIP-322 only there)', () => {
    const legacy = Signer.sign(key.wif, addresses.p2pkh, message)
    expect(verifyBip122Signature({ message, address: addresses.p2wpkh, signature: legacy, chainId: mainnet })).toBe(
      false,
    )
  })

  it('testnet addresses verify on testnet chains only', () => {
    const address = Address.convertPubKeyIntoAddress(key.publicKey, 'p2wpkh').testnet
    const signature = Signer.sign(key.wif, address, message)
    expect(verifyBip122Signature({ message, address, signature, chainId: testnet })).toBe(true)
    expect(verifyBip122Signature({ message, address, signature, chainId: mainnet })).toBe(false)
  })

  it('garbage is false, not a throw', () => {
    expect(verifyBip122Signature({ message, address: addresses.p2wpkh, signature: 'AAAA', chainId: mainnet })).toBe(
      false,
    )
    expect(verifyBip122Signature({ message, address: addresses.p2wpkh, signature: '!!', chainId: mainnet })).toBe(false)
    expect(verifyBip122Signature({ message, address: 'bc1qnotanaddress', signature: 'AAAA', chainId: mainnet })).toBe(
      false,
    )
  })
})
