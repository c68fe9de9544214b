import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
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

/** Decodes a wire transaction (signatures + message) with kit's codecs, without trusting it. */
export function decodeWireTransaction(wire: Uint8Array): WireTransaction {
  return invalidTransactionOnThrow(() => {
    // Kit checks that there is one signature per required signer; an absent one (all zeros) is null.
    const { messageBytes, signatures } = getTransactionDecoder().decode(wire)
    const message = decodeMessage(Uint8Array.from(messageBytes))
    const signers = message.accountKeys.slice(0, message.header.numRequiredSignatures)
    const signatureOf = (signer: string) => signatures[signer as keyof typeof signatures]
    return {
      ...message,
      signatures: signers.map((signer) => Uint8Array.from(signatureOf(signer) ?? new Uint8Array(64))),
    }
  })
}

/** Decodes a message alone (as getFeeForMessage receives it): a transaction without its signatures. */
export function decodeWireMessage(messageBytes: Uint8Array): Omit<WireTransaction, 'signatures'> {
  return invalidTransactionOnThrow(() => decodeMessage(messageBytes))
}

function decodeMessage(messageBytes: Uint8Array): Omit<WireTransaction, 'signatures'> {
  const [message, end] = getCompiledTransactionMessageDecoder().read(messageBytes, 0)
  if (end !== messageBytes.length) throw new Error('trailing bytes')
  if (message.version !== 'legacy' && message.version !== 0)
    throw new Error(`unsupported transaction version ${message.version}`)
  const accountKeys = message.staticAccounts as string[]
  const instructions = message.instructions.map((ix) => ({
    programIdIndex: ix.programAddressIndex,
    accounts: [...(ix.accountIndices ?? [])],
    data: new Uint8Array(ix.data ?? []),
  }))
  // Kit decodes indexes as they are; the runtime's sanitizer refuses any past the account keys.
  for (const ix of instructions) {
    if (ix.programIdIndex >= accountKeys.length || ix.accounts.some((a) => a >= accountKeys.length)) {
      throw new Error('Transaction failed to sanitize accounts offsets correctly')
    }
  }
  return {
    messageBytes,
    version: message.version,
    header: {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    },
    accountKeys,
    recentBlockhash: message.lifetimeToken,
    instructions,
    lookupCount: 'addressTableLookups' in message ? (message.addressTableLookups?.length ?? 0) : 0,
  }
}

function invalidTransactionOnThrow<T>(decode: () => T): T {
  try {
    return decode()
  } catch (e) {
    throw new RpcError(-32602, `invalid transaction: ${(e as Error).message}`)
  }
}

/** Whether the key at `index` is writable, per the message header. */
export function isWritable(tx: Pick<WireTransaction, 'header' | 'accountKeys'>, index: number): boolean {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.header
  if (index < numRequiredSignatures) return index < numRequiredSignatures - numReadonlySignedAccounts
  return index < tx.accountKeys.length - numReadonlyUnsignedAccounts
}

export const isSigner = (tx: Pick<WireTransaction, 'header'>, index: number) => index < tx.header.numRequiredSignatures
