import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { RawTx, Transaction } from '@scure/btc-signer'
import { hashToHex, sha256d } from './regtest.js'
import { rejected, TxRejected } from './txRejected.js'

export type TxIn = { txid: string; vout: number; sequence: number; scriptSig: Uint8Array; witness: Uint8Array[] }
export type TxOut = { script: Uint8Array; value: bigint }

export type ParsedTx = {
  txid: string
  wtxid: string
  hex: string
  version: number
  locktime: number
  /** Bytes with witness, and without it (the part weighed four times). */
  size: number
  strippedSize: number
  weight: number
  vsize: number
  inputs: TxIn[]
  outputs: TxOut[]
  isCoinbase: boolean
  /** The library's view, for the signature hashes. */
  tx: Transaction
}

export const COINBASE_TXID = '0'.repeat(64)

/** Parses a raw transaction as bitcoind's decoder would, or refuses it with `TX decode failed`. */
export function parseTransaction(hex: string): ParsedTx {
  const clean = hex.trim()
  if (!/^([0-9a-fA-F]{2})+$/.test(clean)) throw new TxRejected(-22, 'TX decode failed')
  const bytes = hexToBytes(clean.toLowerCase())
  let raw: ReturnType<typeof RawTx.decode>
  let tx: Transaction
  try {
    raw = RawTx.decode(bytes)
  } catch {
    throw new TxRejected(-22, 'TX decode failed')
  }
  // Core relays versions 1 to 3 only; the library's parser knows no others either.
  if (raw.version < 1 || raw.version > 3) throw rejected('version')
  try {
    tx = Transaction.fromRaw(bytes, { allowUnknownInputs: true, allowUnknownOutputs: true, disableScriptCheck: true })
  } catch {
    throw new TxRejected(-22, 'TX decode failed')
  }
  const stripped = RawTx.encode({ ...raw, segwitFlag: false, witnesses: undefined })
  const witnesses = raw.witnesses ?? []
  const inputs = raw.inputs.map((i, n) => ({
    // RawTx keeps input txids in display order already.
    txid: bytesToHex(i.txid),
    vout: i.index,
    sequence: i.sequence,
    scriptSig: i.finalScriptSig,
    witness: witnesses[n] ?? [],
  }))
  const weight = stripped.length * 3 + bytes.length
  return {
    txid: hashToHex(sha256d(stripped)),
    wtxid: hashToHex(sha256d(bytes)),
    hex: bytesToHex(bytes),
    version: raw.version,
    locktime: raw.lockTime,
    size: bytes.length,
    strippedSize: stripped.length,
    weight,
    vsize: Math.ceil(weight / 4),
    inputs,
    outputs: raw.outputs.map((o) => ({ script: o.script, value: o.amount })),
    isCoinbase: inputs.length === 1 && inputs[0]!.txid === COINBASE_TXID && inputs[0]!.vout === 0xffffffff,
    tx,
  }
}
