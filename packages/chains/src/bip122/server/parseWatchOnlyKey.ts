import { createBase58check } from '@scure/base'
import { createHash } from 'node:crypto'
import { RequestValidationError, ValidationError } from '../../serverFace/errors.js'
import { descriptorChecksum } from './descriptorChecksum.js'

/** A watch-only key the Bitcoin family derives receiving addresses from (the receive branch `/0/i`). */
export interface WatchOnlyKey {
  /** P2WPKH (native segwit, BIP84 style) or P2TR key path (BIP86 tweak). */
  script: 'wpkh' | 'tr'
  /** The account's extended public key in descriptor form (`xpub` or `tpub` version bytes, whatever was pasted). */
  extendedKey: string
  /** The key origin `fingerprint/path` when the descriptor gave one (kept for the wallet's sake), else null. */
  origin: string | null
  /** Mainnet key (`xpub`/`zpub`), or one for the test networks (`tpub`/`vpub`: testnet, signet, regtest). */
  mainnet: boolean
  /** The canonical descriptor, as stored: `wpkh([origin]xpub…/0/*)#checksum`. */
  descriptor: string
  /** What the derivation counter is kept under: the descriptor without origin or checksum (same addresses, same counter). */
  counterKey: string
}

const base58check = createBase58check((data) => new Uint8Array(createHash('sha256').update(data).digest()))

/** Extended public key version bytes (SLIP-132): zpub/vpub are written as xpub/tpub in descriptors. */
const publicVersions: Record<string, { version: number; mainnet: boolean }> = {
  xpub: { version: 0x0488b21e, mainnet: true },
  zpub: { version: 0x04b24746, mainnet: true },
  tpub: { version: 0x043587cf, mainnet: false },
  vpub: { version: 0x045f1cf6, mainnet: false },
}
const privateVersions = new Set([
  0x0488ade4, 0x04358394, 0x049d7878, 0x044a4e28, 0x04b2430c, 0x045f18bc, 0x0295b005, 0x02575048, 0x02aa7a99,
  0x02575483,
])
const nestedSegwitVersions = new Set([0x049d7cb2, 0x044a5262])

const spendingKeyMessage =
  'is a private key: no spending key is ever accepted. Paste the account extended public key (xpub/zpub, tpub/vpub) or a wpkh()/tr() descriptor of it'

/** True when the input is meant as an extended key or a descriptor (not a plain address): then it must parse as one. */
export function looksLikeWatchOnlyKey(input: string): boolean {
  const text = input.trim()
  return /^[a-z]{2,4}\(/.test(text) || /^[a-z]{4}[1-9A-HJ-NP-Za-km-z]{100,}$/.test(text) || containsSpendingKey(text)
}

/**
 * Reads what a merchant pastes as its Bitcoin receiving key: an account extended public key
 * (`xpub`/`tpub` derive P2WPKH `<key>/0/i` as BIP84 wallets do, `zpub`/`vpub` too) or an output
 * descriptor `wpkh(KEY)` / `tr(KEY)`, KEY being `[fingerprint/path]`? + xpub/tpub + `/0/*` or
 * `/<0;1>/*`, with an optional `#checksum` that must be right. Anything holding private material
 * (xprv/tprv and kin, WIF) is refused: no key that can spend reaches the server.
 * Errors name `field`.
 */
export function parseWatchOnlyKey(input: string, field: string): WatchOnlyKey {
  const text = input.trim()
  if (containsSpendingKey(text)) throw new ValidationError('SPENDING_KEY_REFUSED', `${field}: ${spendingKeyMessage}`)

  if (/^[a-z]{4}[1-9A-HJ-NP-Za-km-z]{100,}$/.test(text)) {
    const { key, mainnet } = readExtendedPublicKey(text, field)
    return build('wpkh', key, null, mainnet)
  }

  const hash = text.indexOf('#')
  const body = hash < 0 ? text : text.slice(0, hash)
  if (hash >= 0) {
    const given = text.slice(hash + 1)
    const expected = descriptorChecksum(body)
    if (!/^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{8}$/.test(given) || expected !== given) {
      throw new RequestValidationError(
        `${field}: the descriptor checksum #${given.slice(0, 8)} does not match (a typo in the descriptor?)`,
      )
    }
  }
  const match =
    /^(wpkh|tr)\((?:\[([0-9a-fA-F]{8})((?:\/\d+['hH]?)*)\])?([a-z]{4}[1-9A-HJ-NP-Za-km-z]+)(\/0\/\*|\/<0;1>\/\*)\)$/.exec(
      body,
    )
  if (!match) {
    throw new RequestValidationError(
      `${field}: must be an extended public key (xpub, zpub, tpub, vpub) or a descriptor wpkh(KEY/0/*) or tr(KEY/0/*), KEY optionally after [fingerprint/path] and with /<0;1>/* accepted`,
    )
  }
  const [, script, fingerprint, path, extended] = match as unknown as [
    string,
    'wpkh' | 'tr',
    string | undefined,
    string,
    string,
  ]
  if (extended.startsWith('zpub') || extended.startsWith('vpub')) {
    throw new RequestValidationError(
      `${field}: descriptors name keys as xpub or tpub (a zpub or vpub is pasted on its own)`,
    )
  }
  const { key, mainnet } = readExtendedPublicKey(extended, field)
  const origin = fingerprint ? `${fingerprint.toLowerCase()}${path.replace(/[hH]/g, "'")}` : null
  return build(script, key, origin, mainnet)
}

function build(script: 'wpkh' | 'tr', extendedKey: string, origin: string | null, mainnet: boolean): WatchOnlyKey {
  const counterKey = `${script}(${extendedKey}/0/*)`
  const body = `${script}(${origin ? `[${origin}]` : ''}${extendedKey}/0/*)`
  return { script, extendedKey, origin, mainnet, counterKey, descriptor: `${body}#${descriptorChecksum(body)}` }
}

/** An xpub/zpub/tpub/vpub checked (base58check, public version, public key data) and written with xpub/tpub version bytes. */
function readExtendedPublicKey(text: string, field: string): { key: string; mainnet: boolean } {
  let payload: Uint8Array
  try {
    payload = base58check.decode(text)
  } catch {
    throw new RequestValidationError(
      `${field}: "${text.slice(0, 12)}…" is not a valid extended key (its base58 checksum fails: a typo?)`,
    )
  }
  const version = payload.length === 78 ? new DataView(payload.buffer, payload.byteOffset).getUint32(0) : -1
  if (privateVersions.has(version) || payload[45] === 0)
    throw new ValidationError('SPENDING_KEY_REFUSED', `${field}: ${spendingKeyMessage}`)
  if (nestedSegwitVersions.has(version)) {
    throw new RequestValidationError(
      `${field}: ypub/upub (nested segwit P2SH-P2WPKH) is not supported: use the wallet's native segwit (zpub/vpub) or taproot account`,
    )
  }
  const known = Object.entries(publicVersions).find(([, v]) => v.version === version)
  if (!known || (payload[45] !== 2 && payload[45] !== 3)) {
    throw new RequestValidationError(`${field}: is not an extended public key (xpub, zpub, tpub or vpub)`)
  }
  const standard = known[1].mainnet ? publicVersions.xpub!.version : publicVersions.tpub!.version
  const rewritten = Uint8Array.from(payload)
  new DataView(rewritten.buffer).setUint32(0, standard)
  return { key: base58check.encode(rewritten), mainnet: known[1].mainnet }
}

/** Any base58 word that decodes as a private extended key or a WIF key, or any `?prv` prefix (even mistyped). */
function containsSpendingKey(text: string): boolean {
  if (/\b[a-z]prv[1-9A-HJ-NP-Za-km-z]{20,}/.test(text)) return true
  for (const word of text.match(/[1-9A-HJ-NP-Za-km-z]{50,120}/g) ?? []) {
    let payload: Uint8Array
    try {
      payload = base58check.decode(word)
    } catch {
      continue
    }
    if (
      payload.length === 78 &&
      (privateVersions.has(new DataView(payload.buffer, payload.byteOffset).getUint32(0)) || payload[45] === 0)
    )
      return true
    if ((payload.length === 33 || payload.length === 34) && (payload[0] === 0x80 || payload[0] === 0xef)) return true
  }
  return false
}
