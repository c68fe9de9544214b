import { base64, base64nopad } from '@scure/base'
import { Address, BIP322, Verifier, Witness } from 'bip322-js'
import { Transaction } from 'bitcoinjs-lib'

export interface VerifyBip122SignatureParameters {
  message: string
  address: string
  /** Base64: a BIP-322 simple (witness) or full (to_sign transaction) signature, or a legacy signmessage one for P2PKH. */
  signature: string
  /** CAIP-2 `bip122:<genesis prefix>`: the address must belong to that network. */
  chainId: string
}

const mainnet = 'bip122:000000000019d6689c085ae165831e93'
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/**
 * BIP-322 for P2WPKH, P2SH-P2WPKH and single-key P2TR (simple, or full when the transaction is
 * exactly the message's to_sign), and legacy "Bitcoin Signed Message" (BIP-137) for P2PKH
 * only, with the address flag enforced. Anything malformed is `false`.
 */
export function verifyBip122Signature({
  message,
  address,
  signature,
  chainId,
}: VerifyBip122SignatureParameters): boolean {
  if (!addressOnNetwork(address, chainId)) return false
  const bytes = decodeBase64(signature)
  if (!bytes) return false
  try {
    if (!Address.isValidBitcoinAddress(address)) return false
    if (Address.isP2PKH(address)) return Verifier.verifySignature(address, message, signature, true)
    // A legacy signature (65 bytes) is refused for segwit and taproot addresses: they sign with BIP-322.
    if (bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42) return false
    const simple = isFullSignature(bytes) ? witnessOfFullSignature(bytes, message, address) : signature
    return simple !== null && Verifier.verifySignature(address, message, simple, true)
  } catch {
    return false
  }
}

/** Standard base64, padded or not (wallets differ); null for anything else. */
function decodeBase64(text: string): Buffer | null {
  for (const coder of [base64, base64nopad]) {
    try {
      const bytes = coder.decode(text)
      if (bytes.length > 0) return Buffer.from(bytes)
    } catch {
      // not this spelling
    }
  }
  return null
}

function addressOnNetwork(address: string, chainId: string): boolean {
  if (chainId === mainnet) return /^(bc1|1|3)/.test(address)
  if (chainId === regtest) return /^(bcrt1|m|n|2)/.test(address)
  return /^(tb1|m|n|2)/.test(address) // testnet3, testnet4, signet
}

/** A serialized transaction (version 0, segwit marker) rather than a bare witness stack. */
function isFullSignature(bytes: Buffer): boolean {
  return bytes.length > 10 && bytes.readUInt32LE(0) === 0 && bytes[4] === 0 && bytes[5] === 1
}

/**
 * The witness of a full signature whose transaction is exactly the message's to_sign
 * (spends to_spend:0 with sequence 0, one OP_RETURN output of 0, lock time 0); null otherwise.
 */
function witnessOfFullSignature(bytes: Buffer, message: string, address: string): string | null {
  const tx = Transaction.fromBuffer(bytes)
  const toSpend = BIP322.buildToSpendTx(message, Address.convertAdressToScriptPubkey(address))
  const input = tx.ins[0]
  const output = tx.outs[0]
  const matches =
    tx.version === 0 &&
    tx.locktime === 0 &&
    tx.ins.length === 1 &&
    tx.outs.length === 1 &&
    input !== undefined &&
    output !== undefined &&
    input.hash.equals(toSpend.getHash()) &&
    input.index === 0 &&
    input.sequence === 0 &&
    input.script.length === 0 &&
    output.value === 0 &&
    output.script.equals(Buffer.from([0x6a]))
  return matches ? Witness.serialize(input.witness) : null
}
