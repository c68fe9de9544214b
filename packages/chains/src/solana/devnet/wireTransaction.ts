import { base58 } from '@scure/base'
import { RpcError } from './rpcError.js'

/** A compiled instruction as it sits in a message: indexes into the account keys. */
export type CompiledInstruction = { programIdIndex: number; accounts: number[]; data: Uint8Array }

/** A decoded legacy or v0 transaction, enough to execute, verify, index and report it. */
export type WireTransaction = {
  signatures: Uint8Array[]
  messageBytes: Uint8Array
  version: 'legacy' | 0
  header: {
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }
  accountKeys: string[]
  recentBlockhash: string
  instructions: CompiledInstruction[]
  /** v0 address-table lookups; the devnet refuses transactions that use them. */
  lookupCount: number
}

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}
  byte(): number {
    const b = this.bytes[this.offset++]
    if (b === undefined) throw new Error('unexpected end of data')
    return b
  }
  /** Solana's compact-u16 ("shortvec") length prefix. */
  shortVec(): number {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const b = this.byte()
      value |= (b & 0x7f) << shift
      if ((b & 0x80) === 0) return value
    }
    throw new Error('shortvec too long')
  }
  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new Error('unexpected end of data')
    const out = this.bytes.subarray(this.offset, this.offset + n)
    this.offset += n
    return out
  }
}

/** Decodes a wire transaction (signatures + message) without trusting it. */
export function decodeWireTransaction(wire: Uint8Array, messageOnly = false): WireTransaction {
  try {
    const r = new Reader(wire)
    const signatures = Array.from({ length: r.shortVec() }, () => r.take(64))
    const messageStart = r.offset
    let version: 'legacy' | 0 = 'legacy'
    const first = r.bytes[r.offset] ?? 0
    if (first & 0x80) {
      if ((first & 0x7f) !== 0) throw new Error(`unsupported transaction version ${first & 0x7f}`)
      version = 0
      r.offset++
    }
    const header = {
      numRequiredSignatures: r.byte(),
      numReadonlySignedAccounts: r.byte(),
      numReadonlyUnsignedAccounts: r.byte(),
    }
    const accountKeys = Array.from({ length: r.shortVec() }, () => base58.encode(r.take(32)))
    const recentBlockhash = base58.encode(r.take(32))
    const instructions = Array.from({ length: r.shortVec() }, () => ({
      programIdIndex: r.byte(),
      accounts: Array.from(r.take(r.shortVec())),
      data: new Uint8Array(r.take(r.shortVec())),
    }))
    let lookupCount = 0
    if (version === 0) {
      lookupCount = r.shortVec()
      for (let i = 0; i < lookupCount; i++) {
        r.take(32)
        r.take(r.shortVec())
        r.take(r.shortVec())
      }
    }
    if (r.offset !== wire.length) throw new Error('trailing bytes')
    if (!messageOnly && signatures.length !== header.numRequiredSignatures) throw new Error('signature count mismatch')
    const maxIndex = accountKeys.length
    for (const ix of instructions) {
      if (ix.programIdIndex >= maxIndex || ix.accounts.some((a) => a >= maxIndex)) {
        throw new Error('Transaction failed to sanitize accounts offsets correctly')
      }
    }
    return {
      signatures,
      messageBytes: wire.subarray(messageStart),
      version,
      header,
      accountKeys,
      recentBlockhash,
      instructions,
      lookupCount,
    }
  } catch (e) {
    throw new RpcError(-32602, `invalid transaction: ${(e as Error).message}`)
  }
}

/** Whether the key at `index` is writable, per the message header. */
export function isWritable(tx: WireTransaction, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.header
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts
  return index < tx.accountKeys.length - numReadonlyUnsignedAccounts
}

export const isSigner = (tx: WireTransaction, index: number) => index < tx.header.numRequiredSignatures
