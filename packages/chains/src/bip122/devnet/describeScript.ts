import { bytesToHex } from '@noble/hashes/utils'
import { Address, OP, OutScript } from '@scure/btc-signer'
import { REGTEST } from './regtest.js'

/** Script kinds the devnet names, with Esplora's `scriptpubkey_type` words. */
export type ScriptKind =
  'v0_p2wpkh' | 'v1_p2tr' | 'v0_p2wsh' | 'p2pkh' | 'p2sh' | 'p2pk' | 'op_return' | 'empty' | 'unknown'

const opNames = new Map<number, string>()
for (const [name, code] of Object.entries(OP))
  if (typeof code === 'number' && !opNames.has(code)) opNames.set(code, name)

/** Esplora's (rust-bitcoin's) assembly: `OP_0 OP_PUSHBYTES_20 <hex>`, `OP_PUSHNUM_1 OP_PUSHBYTES_32 <hex>`. */
export function scriptAsm(script: Uint8Array): string {
  const parts: string[] = []
  const le = (at: number, bytes: number) => {
    let n = 0
    for (let k = bytes - 1; k >= 0; k--) n = n * 256 + (script[at + k] ?? 0)
    return n
  }
  for (let i = 0; i < script.length;) {
    const op = script[i++]!
    let len = -1
    let name: string
    if (op === 0) name = 'OP_0'
    else if (op <= 0x4b) {
      len = op
      name = `OP_PUSHBYTES_${op}`
    } else if (op >= 0x4c && op <= 0x4e) {
      // PUSHDATA1/2/4: a 1-, 2- or 4-byte little-endian length follows.
      const width = op === 0x4c ? 1 : op === 0x4d ? 2 : 4
      len = le(i, width)
      i += width
      name = `OP_PUSHDATA${width}`
    } else if (op === 0x4f) name = 'OP_PUSHNUM_NEG1'
    else if (op >= 0x51 && op <= 0x60) name = `OP_PUSHNUM_${op - 0x50}`
    else if (op === 0xb1) name = 'OP_CLTV'
    else if (op === 0xb2) name = 'OP_CSV'
    else name = `OP_${opNames.get(op) ?? `UNKNOWN_${op}`}`
    if (len >= 0) {
      if (i + len > script.length) {
        parts.push(name, '<push past end>')
        break
      }
      parts.push(name, bytesToHex(script.subarray(i, i + len)))
      i += len
    } else parts.push(name)
  }
  return parts.join(' ')
}

/** The script's kind and its `bcrt1…`/regtest base58 address when it has one. */
export function describeScript(script: Uint8Array): { kind: ScriptKind; address?: string } {
  if (script.length === 0) return { kind: 'empty' }
  if (script[0] === 0x6a) return { kind: 'op_return' }
  let decoded: ReturnType<typeof OutScript.decode>
  try {
    decoded = OutScript.decode(script)
  } catch {
    return { kind: 'unknown' }
  }
  const address = (): string => Address(REGTEST).encode(decoded)
  switch (decoded.type) {
    case 'wpkh':
      return { kind: 'v0_p2wpkh', address: address() }
    case 'tr':
      return { kind: 'v1_p2tr', address: address() }
    case 'wsh':
      return { kind: 'v0_p2wsh', address: address() }
    case 'pkh':
      return { kind: 'p2pkh', address: address() }
    case 'sh':
      return { kind: 'p2sh', address: address() }
    case 'pk':
      return { kind: 'p2pk' }
    default:
      return { kind: 'unknown' }
  }
}

/** The output script an address pays, or null when it is not a valid address of `network` (default regtest). */
export function addressScript(address: string, network = REGTEST): Uint8Array | null {
  try {
    return OutScript.encode(Address(network).decode(address))
  } catch {
    return null
  }
}
