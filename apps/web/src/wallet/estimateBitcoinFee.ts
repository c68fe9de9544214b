/** Virtual sizes (vB) of a spend and of an output, by script type (BIP-141 weights / 4, rounded up). */
const INPUT_VBYTES = { p2wpkh: 68, p2tr: 58, p2sh: 91, p2pkh: 148, p2wsh: 105 } as const
const OUTPUT_VBYTES = { p2wpkh: 31, p2tr: 43, p2sh: 32, p2pkh: 34, p2wsh: 43 } as const
/** Version, counts and locktime, plus the segwit marker and flag. */
const OVERHEAD_VBYTES = 11
/** Below this a change output is not worth making (Bitcoin Core's P2WPKH dust limit). */
const DUST = 294n

type ScriptType = keyof typeof INPUT_VBYTES

/** The script type an address pays to, from its prefix and length (mainnet, testnet, signet and regtest alike). */
function scriptTypeOf(address: string): ScriptType {
  const lower = address.toLowerCase()
  const bech32 = /^(bc|tb|bcrt)1([qp])/.exec(lower)
  if (bech32) {
    if (bech32[2] === 'p') return 'p2tr'
    // A 20-byte witness program is P2WPKH, 32 bytes is P2WSH.
    return lower.length - bech32[1]!.length > 50 ? 'p2wsh' : 'p2wpkh'
  }
  if (/^[32]/.test(address)) return 'p2sh'
  return 'p2pkh'
}

export interface BitcoinFeeEstimate {
  /** Satoshis. */
  fee: bigint
  vbytes: number
  /** How many of the payer's coins it spends. */
  inputs: number
  /** False when all the payer's coins do not cover amount plus fee (the fee is then for spending them all). */
  enough: boolean
}

/**
 * What a wallet will likely charge to send `amount` sats from `from` to `to` at `feeRate` sat/vB:
 * the payer's coins largest first until amount plus fee is covered, with a change output unless
 * the change would be dust. A wallet chooses its own coins and rate, so this is an estimate.
 */
export function estimateBitcoinFee({
  utxos,
  amount,
  feeRate,
  from,
  to,
}: {
  utxos: readonly bigint[]
  amount: bigint
  feeRate: number
  from: string
  to: string
}): BitcoinFeeEstimate {
  const input = INPUT_VBYTES[scriptTypeOf(from)]
  const payment = OUTPUT_VBYTES[scriptTypeOf(to)]
  const change = OUTPUT_VBYTES[scriptTypeOf(from)]
  const feeFor = (vbytes: number) => BigInt(Math.ceil(vbytes * feeRate))
  const coins = [...utxos].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))
  let total = 0n
  for (let used = 1; used <= coins.length; used++) {
    total += coins[used - 1]!
    const bare = OVERHEAD_VBYTES + used * input + payment
    const withChange = bare + change
    if (total >= amount + feeFor(withChange) + DUST) return { fee: feeFor(withChange), vbytes: withChange, inputs: used, enough: true }
    if (total >= amount + feeFor(bare)) return { fee: total - amount, vbytes: bare, inputs: used, enough: true }
  }
  const vbytes = OVERHEAD_VBYTES + Math.max(1, coins.length) * input + payment
  return { fee: feeFor(vbytes), vbytes, inputs: coins.length, enough: false }
}
