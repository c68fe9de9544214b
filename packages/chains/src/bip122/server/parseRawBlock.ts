import { hex } from '@scure/base'
import { CompactSize, RawTx } from '@scure/btc-signer'
import * as P from 'micro-packed'
import { createHash } from 'node:crypto'

/** One output of a block's transaction: its script (hex) and value in satoshis. */
export interface BlockOutput {
  index: number
  script: string
  value: bigint
}

export interface ParsedBlock {
  /** Lowercase, in the byte order explorers show. */
  hash: string
  previousHash: string
  /** Seconds. */
  timestamp: bigint
  transactions: Array<{ txid: string; outputs: BlockOutput[] }>
}

const rawBlock = P.struct({ header: P.bytes(80), transactions: P.array(CompactSize, RawTx) })

/**
 * A serialized block (Esplora's `/block/:hash/raw`) read with @scure/btc-signer's transaction
 * coder: the header's hash, parent and time, and each transaction's id (double SHA-256 of its
 * serialization without witnesses) with its outputs. Throws on bytes that are no block.
 */
export function parseRawBlock(bytes: Uint8Array): ParsedBlock {
  const { header, transactions } = rawBlock.decode(bytes)
  return {
    hash: reversedHex(doubleSha256(header)),
    previousHash: reversedHex(header.subarray(4, 36)),
    timestamp: BigInt(new DataView(header.buffer, header.byteOffset).getUint32(68, true)),
    transactions: transactions.map((transaction) => ({
      txid: reversedHex(doubleSha256(RawTx.encode({ ...transaction, segwitFlag: false, witnesses: undefined }))),
      outputs: transaction.outputs.map((output, index) => ({
        index,
        script: hex.encode(output.script),
        value: output.amount,
      })),
    })),
  }
}

function doubleSha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(createHash('sha256').update(data).digest()).digest())
}

function reversedHex(bytes: Uint8Array): string {
  return hex.encode(Uint8Array.from(bytes).reverse())
}
