import { secp256k1, schnorr } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { equalBytes } from '@noble/curves/utils'
import { OutScript } from '@scure/btc-signer'
import { describeScript } from './describeScript.js'
import type { ParsedTx, TxOut } from './parseTransaction.js'
import { rejected } from './txRejected.js'

// Script error texts as Bitcoin Core words them (script_error.cpp), behind its reject prefixes.
const mandatory = (what: string) => rejected(`mandatory-script-verify-flag-failed (${what})`)
const policy = (what: string) => rejected(`non-mandatory-script-verify-flag (${what})`)

const ECDSA_HASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])
const SCHNORR_HASH_TYPES = new Set([0x00, 0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

/**
 * Verifies input `index` of `parsed` against the output it spends, as a node does for the two
 * script types the devnet supports: P2WPKH (BIP143 sighash, ECDSA, low S, compressed key) and
 * P2TR key path (BIP341 sighash, BIP340 Schnorr). Anything else is refused with a clear reason.
 */
export function verifyInputSignature(parsed: ParsedTx, index: number, prevouts: TxOut[]): void {
  const input = parsed.inputs[index]!
  const prevout = prevouts[index]!
  const { kind } = describeScript(prevout.script)
  if (kind === 'v0_p2wpkh') {
    if (input.scriptSig.length > 0) throw mandatory('Witness requires empty scriptSig')
    if (input.witness.length !== 2) throw mandatory('Witness program hash mismatch')
    const [sigWithType, pubkey] = input.witness as [Uint8Array, Uint8Array]
    const program = prevout.script.subarray(2)
    if (!equalBytes(ripemd160(sha256(pubkey)), program)) throw mandatory('Witness program hash mismatch')
    if (pubkey.length !== 33 || (pubkey[0] !== 2 && pubkey[0] !== 3))
      throw policy('Using non-compressed keys in segwit')
    if (sigWithType.length === 0)
      throw mandatory('Script evaluated without error but finished with a false/empty top stack element')
    const hashType = sigWithType[sigWithType.length - 1]!
    let signature: ReturnType<typeof secp256k1.Signature.fromBytes>
    try {
      signature = secp256k1.Signature.fromBytes(sigWithType.subarray(0, -1), 'der')
    } catch {
      throw mandatory('Non-canonical DER signature')
    }
    if (!ECDSA_HASH_TYPES.has(hashType)) throw policy('Signature hash type missing or not understood')
    if (signature.hasHighS()) throw policy('Non-canonical signature: S value is unnecessarily high')
    const scriptCode = OutScript.encode({ type: 'pkh', hash: program })
    const digest = parsed.tx.preimageWitnessV0(index, scriptCode, hashType, prevout.value)
    const ok = secp256k1.verify(signature.toBytes('compact'), digest, pubkey, {
      prehash: false,
      lowS: true,
      format: 'compact',
    })
    if (!ok) throw mandatory('Signature must be zero for failed CHECK(MULTI)SIG operation')
    return
  }
  if (kind === 'v1_p2tr') {
    if (input.scriptSig.length > 0) throw mandatory('Witness requires empty scriptSig')
    let stack = input.witness
    if (stack.length === 0) throw mandatory('Witness program was passed an empty witness')
    if (stack.length >= 2 && stack[stack.length - 1]![0] === 0x50) {
      throw policy('the devnet refuses a taproot annex (non-standard in Bitcoin Core too)')
    }
    if (stack.length > 1) {
      throw rejected(
        `bad-txns-input-script-unsupported (input ${index}: taproot script-path spends are not checked by this devnet; key path only)`,
      )
    }
    const sigWithType = stack[0]!
    stack = []
    if (sigWithType.length !== 64 && sigWithType.length !== 65) throw mandatory('Invalid Schnorr signature size')
    const hashType = sigWithType.length === 65 ? sigWithType[64]! : 0
    if (sigWithType.length === 65 && hashType === 0) throw mandatory('Invalid Schnorr signature hash type')
    if (!SCHNORR_HASH_TYPES.has(hashType)) throw mandatory('Invalid Schnorr signature hash type')
    if ((hashType & 0x03) === 0x03 && index >= parsed.outputs.length) throw mandatory('Invalid Schnorr signature')
    const digest = parsed.tx.preimageWitnessV1(
      index,
      prevouts.map((p) => p.script),
      hashType,
      prevouts.map((p) => p.value),
    )
    let ok = false
    try {
      ok = schnorr.verify(sigWithType.subarray(0, 64), digest, prevout.script.subarray(2))
    } catch {
      ok = false
    }
    if (!ok) throw mandatory('Invalid Schnorr signature')
    return
  }
  throw rejected(
    `bad-txns-input-script-unsupported (input ${index} spends a ${kind} output; this devnet verifies P2WPKH and P2TR key-path spends only)`,
  )
}
